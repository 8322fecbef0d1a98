import type { PackageInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

export const createPackage = keyedAction(async (idempotencyKey, input: PackageInput) => {
  const { package: created } = await apiCall("create-package", { body: input, idempotencyKey });
  return created;
});
