import { apiCall } from "../../../lib/api-call";

export async function deletePackage(packageId: string): Promise<void> {
  await apiCall("delete-package", { path: { id: packageId } });
}
