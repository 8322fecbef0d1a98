import { PackageInputSchema, ResourceIdPathSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPackage } from "../../lib/presenters.js";

export const handler = httpHandler(
  "update-package",
  { path: ResourceIdPathSchema, body: PackageInputSchema, load: ({ path }) => ({ packageId: path.id }) },
  async ({ body, loaded, caller, sourceIp }) => ({
    body: {
      package: presentPackage(
        await admin().updatePackage({ pkg: loaded.package, fields: body, actor: { user: caller, ip: sourceIp } }),
      ),
    },
  }),
);
