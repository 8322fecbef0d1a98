import { apiRequest } from "../../../lib/api-client";

/** Platform figures (spec §3); totalRevenue is in KES. */
export interface AdminStats {
  totalUsers: number;
  totalPackages: number;
  totalInvestments: number;
  totalTransactions: number;
  pendingWithdrawals: number;
  totalRevenue: number;
  newUsersToday: number;
  activeInvestments: number;
}

export async function getAdminStats(): Promise<AdminStats> {
  const { stats } = await apiRequest<{ stats: AdminStats }>("GET", "/admin/stats");
  return stats;
}
