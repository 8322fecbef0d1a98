import { PackageInputSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPackage } from "../../lib/presenters.js";
import type { PackageRecord } from "../../repositories/ports.js";

const present = (pkg: PackageRecord) => ({ package: presentPackage(pkg) });

export const handler = httpHandler(
  "create-package",
  { body: PackageInputSchema },
  async ({ body, idempotency, caller, sourceIp }) => ({
    statusCode: 201,
    body: present(await admin().createPackage(body, { user: caller, ip: sourceIp }, idempotency?.answer(201, present))),
  }),
);
