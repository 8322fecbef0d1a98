import type { Package } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export async function getPackages(): Promise<Package[]> {
  const { packages } = await apiRequest<{ packages: Package[] }>("GET", "/packages");
  return packages;
}
