import { PackageInputSchema, ResourceIdPathSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPackage } from "../../lib/presenters.js";

export const handler = httpHandler(
  "update-package",
  { path: ResourceIdPathSchema, body: PackageInputSchema },
  async ({ path, body }) => ({ body: { package: presentPackage(await admin().updatePackage(path.id, body)) } }),
);
