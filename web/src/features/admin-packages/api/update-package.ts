import type { Package, PackageInput } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export async function updatePackage(packageId: string, input: PackageInput): Promise<Package> {
  const { package: updated } = await apiRequest<{ package: Package }>("PUT", `/admin/packages/${packageId}`, {
    body: input,
  });
  return updated;
}
