import type { Investment } from "@jengafund/shared";
import { nairobiDay } from "../../../lib/format";

const DAY_MS = 86_400_000;

/** One claim per Africa/Nairobi calendar day, as the server enforces it (design §5). */
export function isClaimableToday(lastClaimDate: string | undefined, now: Date): boolean {
  return lastClaimDate === undefined || nairobiDay(new Date(lastClaimDate)) !== nairobiDay(now);
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
