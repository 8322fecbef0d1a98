import { type Investment, nairobiInstant } from "@jengafund/shared";
import { deviceTimeZone, formatNairobiDate, nairobiDay, wallClockIn } from "../../../lib/format";

const DAY_MS = 86_400_000;

/** One claim per Africa/Nairobi calendar day, as the server enforces it (design §5). */
export function isClaimableToday(lastClaimDate: string | undefined, now: Date): boolean {
  return lastClaimDate === undefined || nairobiDay(new Date(lastClaimDate)) !== nairobiDay(now);
}

/**
 * When the claim after today's opens: the next Nairobi midnight. Undefined when the investment matures by then: its
 * capital comes back as its maturity day (Nairobi) begins, and the rewards stop (design.md §13.6).
 */
export function nextClaimOpens(now: Date, maturityDate: string): Date | undefined {
  const tomorrow = new Date(Date.parse(`${nairobiDay(now)}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  if (tomorrow >= nairobiDay(new Date(maturityDate))) return undefined;
  return nairobiInstant(`${tomorrow}T00:00`);
}

/**
 * What an investment claimed today says of the next claim, on the reader's own clock (`timeZone`, the device's):
 * "Next claim opens tomorrow at 00:00 Nairobi time." on a phone set to Nairobi's time, "Next claim opens today at
 * 21:00 your time (midnight in Nairobi)." on one set elsewhere; or, when today's was the last, that it matures.
 */
export function nextClaimNote(now: Date, maturityDate: string, timeZone = deviceTimeZone()): string {
  const opens = nextClaimOpens(now, maturityDate);
  if (!opens) return `That was the last reward: it matures on ${formatNairobiDate(maturityDate)}.`;
  const local = wallClockIn(opens, timeZone);
  // The next claim is less than a day away: on the reader's calendar it is today or tomorrow.
  const day = local.day === wallClockIn(now, timeZone).day ? "today" : "tomorrow";
  return local.time === "00:00"
    ? `Next claim opens ${day} at 00:00 Nairobi time.`
    : `Next claim opens ${day} at ${local.time} your time (midnight in Nairobi).`;
}

/** Elapsed share of the time from purchase to maturity, as a percentage clamped to 0–100. */
export function maturityProgress(purchaseDate: string, maturityDate: string, now: Date): number {
  const start = Date.parse(purchaseDate);
  const span = Date.parse(maturityDate) - start;
  if (!(span > 0)) return 100;
  return Math.min(100, Math.max(0, ((now.getTime() - start) / span) * 100));
}

export function daysHeld(purchaseDate: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(purchaseDate)) / DAY_MS));
}

// Sums run in whole cents: adding KES floats directly would show 0.30000000000000004-style totals.
const toCents = (kes: number) => Math.round(kes * 100);

export function profitOf(investment: Pick<Investment, "amount" | "currentValue">) {
  const amount = (toCents(investment.currentValue) - toCents(investment.amount)) / 100;
  const percent = investment.amount > 0 ? (amount / investment.amount) * 100 : 0;
  return { amount, percent };
}

export function portfolioTotals(investments: readonly Investment[]) {
  const sum = (pick: (investment: Investment) => number) =>
    investments.reduce((cents, investment) => cents + toCents(pick(investment)), 0) / 100;
  const invested = sum((investment) => investment.amount);
  const currentValue = sum((investment) => investment.currentValue);
  return {
    invested,
    currentValue,
    rewards: sum((investment) => investment.totalRewardsClaimed),
    gains: (toCents(currentValue) - toCents(invested)) / 100,
  };
}

export type PortfolioTotals = ReturnType<typeof portfolioTotals>;

/**
 * The portfolio's real-money and demo (trial) totals, each on its own (design.md §12.7): a sum of both would count
 * money that can never be withdrawn as if it could. `hasDemo` says whether any investment was made with trial money.
 */
export function splitPortfolioTotals(investments: readonly Investment[]): {
  real: PortfolioTotals;
  demo: PortfolioTotals;
  hasDemo: boolean;
} {
  const demo = investments.filter((investment) => investment.isTrialInvestment);
  return {
    real: portfolioTotals(investments.filter((investment) => !investment.isTrialInvestment)),
    demo: portfolioTotals(demo),
    hasDemo: demo.length > 0,
  };
}
