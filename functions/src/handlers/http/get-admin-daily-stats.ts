import { AdminDailyStatsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { dailyStats } from "../../modules/reporting/index.js";

export const handler = httpHandler(
  "get-admin-daily-stats",
  { query: AdminDailyStatsQuerySchema },
  async ({ query }) => ({
    body: { days: await dailyStats().lastDays(query.days) },
  }),
);
