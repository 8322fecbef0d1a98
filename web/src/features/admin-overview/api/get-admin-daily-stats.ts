import type { AdminDailyStats } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

/** GET /admin/stats/daily?days=30: the platform's daily counters, one read on the server whatever the table's size. */
export function getAdminDailyStats(days: number): Promise<AdminDailyStats> {
  return apiRequest<AdminDailyStats>("GET", "/admin/stats/daily", { query: { days: String(days) } });
}
