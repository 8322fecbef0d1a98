import type { Package, PackageInput } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";
import { keyedAction } from "../../../lib/keyed-action";

export const createPackage = keyedAction(async (idempotencyKey, input: PackageInput): Promise<Package> => {
  const { package: created } = await apiRequest<{ package: Package }>("POST", "/admin/packages", {
    body: input,
    idempotencyKey,
  });
  return created;
});
