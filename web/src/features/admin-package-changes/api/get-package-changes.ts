import type { PackageChange } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Package changes with one status (or every status when empty), newest first; the list is never long enough to page. */
export async function getPackageChanges(status: string): Promise<PackageChange[]> {
  const { changes } = await apiCall("list-package-changes", { query: { status } });
  return changes;
}

/** How many package changes wait for a second admin. */
export async function getPendingPackageChangeCount(): Promise<number> {
  return (await getPackageChanges("pending")).length;
}
