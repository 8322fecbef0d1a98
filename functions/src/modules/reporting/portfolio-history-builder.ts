/**
 * The portfolio per Nairobi day (GET /portfolio/history), replayed from the user's ledger lines: nothing is stored
 * for it. Each line moves money exactly as the statement builder says (movementsOf), so the wallet here is the
 * statement's running balance at each day's end, and today's point is the stored balances.
 * - wallet: the real wallet at the day's end;
 * - invested: real principal bought with wallet money (purchase lines) and not yet back: a matured investment's
 *   `capital` line (design.md §13.6) moves its principal back into the wallet on the day it returned;
 * - rewards: real daily rewards claimed that day (already inside the wallet, so not added to the value again);
 * - demo: the trial's money at the day's end, its wallet and its principal together, kept apart from the real money;
 * - demoRewards: the trial's daily rewards claimed that day (already inside the demo money).
 */
import { nairobiDay } from "@jengafund/shared";
import type { LedgerSourceLine } from "./statement-port.js";
import { movementsOf } from "./statements/statement-builder.js";

/** One day's end, in cents. */
export interface PortfolioPoint {
  day: string;
  walletCents: number;
  investedCents: number;
  rewardsCents: number;
  demoCents: number;
  demoRewardsCents: number;
}

type Figure = Exclude<keyof PortfolioPoint, "day">;

/**
 * One point per day of `days` (Nairobi days, oldest first, one after another), from every line of the user's ledger
 * up to the last day's end: what came before the first day opens it.
 */
export function portfolioHistory(lines: readonly LedgerSourceLine[], days: readonly string[]): PortfolioPoint[] {
  const first = days[0];
  if (first === undefined) return [];
  const opening = zero();
  const byDay = new Map<string, Record<Figure, number>>();
  for (const line of lines) {
    for (const movement of movementsOf(line)) {
      const day = nairobiDay(new Date(movement.at));
      const net = movement.inCents - movement.outCents;
      // A purchase moves money from a balance into principal, and its capital coming back moves it out again: the
      // portfolio keeps it as invested money in between.
      const principal = line.type === "investment" || line.type === "capital" ? -net : 0;
      const real = line.balance === "wallet";
      const reward = line.type === "reward" ? movement.inCents : 0;
      const change: Record<Figure, number> = {
        walletCents: real ? net : 0,
        investedCents: real ? principal : 0,
        rewardsCents: real ? reward : 0,
        demoCents: real ? 0 : net + principal,
        demoRewardsCents: real ? 0 : reward,
      };
      let into = opening;
      if (day >= first) {
        into = byDay.get(day) ?? zero();
        byDay.set(day, into);
      }
      for (const figure of FIGURES) into[figure] += change[figure];
    }
  }
  let wallet = opening.walletCents;
  let invested = opening.investedCents;
  let demo = opening.demoCents;
  return days.map((day) => {
    const change = byDay.get(day) ?? zero();
    wallet += change.walletCents;
    invested += change.investedCents;
    demo += change.demoCents;
    return {
      day,
      walletCents: wallet,
      investedCents: invested,
      rewardsCents: change.rewardsCents,
      demoCents: demo,
      demoRewardsCents: change.demoRewardsCents,
    };
  });
}

const FIGURES: readonly Figure[] = ["walletCents", "investedCents", "rewardsCents", "demoCents", "demoRewardsCents"];
const zero = (): Record<Figure, number> => ({
  walletCents: 0,
  investedCents: 0,
  rewardsCents: 0,
  demoCents: 0,
  demoRewardsCents: 0,
});
