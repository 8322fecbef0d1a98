import type { AdminStats } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

export async function getAdminStats(): Promise<AdminStats> {
  const { stats } = await apiCall("get-admin-stats");
  return stats;
}
