import type { AdminDailyStats } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** GET /admin/stats/daily?days=30: the platform's daily counters, one read on the server whatever the table's size. */
export function getAdminDailyStats(days: number): Promise<AdminDailyStats> {
  return apiCall("get-admin-daily-stats", { query: { days: String(days) } });
}
