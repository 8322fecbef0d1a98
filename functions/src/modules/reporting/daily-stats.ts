/**
 * The admin Overview's charts (issue 23): the platform's last days, one entry per Nairobi day from the oldest to
 * today, from the daily counters the money transactions keep (repositories/daily-stats-port.ts). A day with nothing
 * counted is there as zeros, so a chart's days are evenly spaced.
 */
import { type AdminDailyStatsDay, centsToKes } from "@jengafund/shared";
import { type Clock, daysEndingOn, nairobiDay } from "../../kernel/clock.js";
import type { DailyStatsSource } from "../../kernel/daily-stats-port.js";

export function createDailyStatsService({ source, clock }: { source: DailyStatsSource; clock: Clock }) {
  return {
    async lastDays(count: number): Promise<AdminDailyStatsDay[]> {
      const days = daysEndingOn(nairobiDay(clock.now()), count);
      const counted = await source.read(days[0] ?? "", days.at(-1) ?? "");
      return days.map((day) => {
        const c = counted.get(day);
        return {
          day,
          deposits: c?.deposits ?? 0,
          depositsAmount: centsToKes(c?.depositsCents ?? 0),
          payouts: c?.payouts ?? 0,
          payoutsAmount: centsToKes(c?.payoutsCents ?? 0),
          newUsers: c?.newUsers ?? 0,
          rewards: centsToKes(c?.rewardsCents ?? 0),
        };
      });
    },
  };
}

export type DailyStatsService = ReturnType<typeof createDailyStatsService>;
