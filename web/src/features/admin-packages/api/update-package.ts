import type { Package, PackageInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

export async function updatePackage(packageId: string, input: PackageInput): Promise<Package> {
  const { package: updated } = await apiCall("update-package", { path: { id: packageId }, body: input });
  return updated;
}
