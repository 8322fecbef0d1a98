import { apiRequest } from "../../../lib/api-client";

export async function deletePackage(packageId: string): Promise<void> {
  await apiRequest<{ message: string }>("DELETE", `/admin/packages/${packageId}`);
}
