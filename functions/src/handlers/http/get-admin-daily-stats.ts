import { AdminDailyStatsQuerySchema } from "@jengafund/shared";
import { dailyStats } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";

export const handler = httpHandler(
  "get-admin-daily-stats",
  { query: AdminDailyStatsQuerySchema },
  async ({ query }) => ({
    body: { days: await dailyStats().lastDays(query.days) },
  }),
);
