/**
 * The investor's portfolio chart (issue 23): their last 30 or 90 Nairobi days, today last, replayed from their own
 * ledger (statements/portfolio-history.ts) in one read of it. Nothing is written for it, so it needs no backfill
 * and cannot drift from the statement or the balances.
 */
import { centsToKes, type PortfolioDay } from "@jengafund/shared";
import { type Clock, daysEndingOn, nairobiDay } from "../../kernel/clock.js";
import { NotFoundError } from "../../kernel/errors.js";
import { portfolioHistory } from "./portfolio-history-builder.js";
import type { StatementSource } from "./statement-port.js";

const DAY_MS = 86_400_000;

export function createPortfolioHistoryService({ source, clock }: { source: StatementSource; clock: Clock }) {
  return {
    async lastDays(userId: string, count: number): Promise<PortfolioDay[]> {
      const now = clock.now();
      const days = daysEndingOn(nairobiDay(now), count);
      // Every line there is: none is later than now (a day past it leaves room for a line's id drawn after its time).
      const read = await source.read(userId, new Date(now.getTime() + DAY_MS));
      if (!read) throw new NotFoundError("User not found");
      return portfolioHistory(read.lines, days).map((point) => ({
        day: point.day,
        wallet: centsToKes(point.walletCents),
        invested: centsToKes(point.investedCents),
        value: centsToKes(point.walletCents + point.investedCents),
        rewards: centsToKes(point.rewardsCents),
        demo: centsToKes(point.demoCents),
        demoRewards: centsToKes(point.demoRewardsCents),
      }));
    },
  };
}

export type PortfolioHistoryService = ReturnType<typeof createPortfolioHistoryService>;
