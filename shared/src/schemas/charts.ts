import * as z from "zod/mini";
import { emptyToUndefined } from "./blank.js";

/* The chart answers' query strings (issue 23): how many Nairobi days a chart covers, today included. */

export const ADMIN_DAILY_STATS_DAYS = { min: 7, max: 90, default: 30 } as const;
export const PORTFOLIO_HISTORY_DAYS = [30, 90] as const;

export const CHART_MESSAGES = {
  adminDays: `days must be a whole number from ${ADMIN_DAILY_STATS_DAYS.min} to ${ADMIN_DAILY_STATS_DAYS.max}`,
  portfolioDays: `days must be ${PORTFOLIO_HISTORY_DAYS.join(" or ")}`,
} as const;

/** A number of days as a query string sends it: absent or blank is `fallback`. */
const daysQuery = (fallback: number, message: string, allowed: (days: number) => boolean) =>
  z.pipe(
    z.transform((value: unknown) => emptyToUndefined(value) ?? String(fallback)),
    z.pipe(
      z.string(message).check(z.regex(/^\d{1,3}$/, message)),
      z.pipe(z.transform(Number), z.number().check(z.refine(allowed, message))),
    ),
  );

/** GET /admin/stats/daily: the platform's last `days` Nairobi days (7–90, default 30). */
export const AdminDailyStatsQuerySchema = z.object({
  days: daysQuery(
    ADMIN_DAILY_STATS_DAYS.default,
    CHART_MESSAGES.adminDays,
    (days) => days >= ADMIN_DAILY_STATS_DAYS.min && days <= ADMIN_DAILY_STATS_DAYS.max,
  ),
});
export type AdminDailyStatsQuery = z.output<typeof AdminDailyStatsQuerySchema>;

/** GET /portfolio/history: the caller's last 30 or 90 Nairobi days (default 30). */
export const PortfolioHistoryQuerySchema = z.object({
  days: daysQuery(PORTFOLIO_HISTORY_DAYS[0], CHART_MESSAGES.portfolioDays, (days) =>
    (PORTFOLIO_HISTORY_DAYS as readonly number[]).includes(days),
  ),
});
export type PortfolioHistoryQuery = z.output<typeof PortfolioHistoryQuerySchema>;
