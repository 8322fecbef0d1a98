import type { Package, PackageInput } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export async function createPackage(input: PackageInput): Promise<Package> {
  const { package: created } = await apiRequest<{ package: Package }>("POST", "/admin/packages", { body: input });
  return created;
}
