import { PackageInputSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPackage } from "../../lib/presenters.js";

export const handler = httpHandler("create-package", { body: PackageInputSchema }, async ({ body }) => ({
  statusCode: 201,
  body: { package: presentPackage(await admin().createPackage(body)) },
}));
