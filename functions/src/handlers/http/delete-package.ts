import { ResourceIdPathSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { admin } from "../../modules/admin-controls/index.js";

export const handler = httpHandler(
  "delete-package",
  { path: ResourceIdPathSchema, load: ({ path }) => ({ packageId: path.id }) },
  async ({ loaded, caller, sourceIp }) => {
    await admin().deletePackage(loaded.package, { user: caller, ip: sourceIp });
    return { body: { message: "Package deleted successfully" } };
  },
);
