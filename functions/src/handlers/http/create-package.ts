import { PackageInputSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPackage } from "../../lib/presenters.js";
import type { PackageRecord } from "../../repositories/ports.js";

const present = (pkg: PackageRecord) => ({ package: presentPackage(pkg) });

export const handler = httpHandler("create-package", { body: PackageInputSchema }, async ({ body, idempotency }) => ({
  statusCode: 201,
  body: present(await admin().createPackage(body, idempotency?.answer(201, present))),
}));
