import type { Package } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

export async function getPackages(): Promise<Package[]> {
  const { packages } = await apiCall("list-packages");
  return packages;
}
