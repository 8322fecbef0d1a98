import { nairobiDay } from "./nairobi-time.js";

/**
 * One daily reward of an investment: amount × dailyReturnRate / 100, rounded down to the cent, in integer arithmetic
 * (rates have at most two decimals). The claim pays it and the investment card shows it, from this one function.
 */
export function dailyRewardCents(amountCents: number, dailyReturnRate: number): number {
  const basisPoints = Math.round(dailyReturnRate * 100);
  return Math.floor((amountCents * basisPoints) / 10_000);
}

/**
 * The Africa/Nairobi calendar day (`YYYY-MM-DD`) on which an investment bought now matures. A purchase keeps its
 * package's maturity instant (services/investments.ts copies `maturityDate`), claims stop at that instant and are
 * counted in Nairobi days, so the day is the one a Kenyan calendar shows for it.
 */
export function maturityDayOfPurchase(pkg: { maturityDate: string }): string {
  return nairobiDay(new Date(pkg.maturityDate));
}

/**
 * The product's promise (spec: "returns of up to 40% monthly") bounds every package's terms: a monthly rate above it,
 * or a daily rate that pays more than the monthly rate over a 28-day month, would let one admin's form mint money.
 */
export const MAX_MONTHLY_RETURN_RATE = 40;
export const REWARD_DAYS_PER_MONTH = 28;

export const PACKAGE_RATE_MESSAGES = {
  dailyAboveMonthly: `Daily return rate × ${REWARD_DAYS_PER_MONTH} cannot be more than the monthly return rate`,
} as const;

/** `dailyReturnRate × 28 ≤ monthlyReturnRate`, compared in hundredths of a percent (rates have two decimals). */
export function dailyRateKeepsMonthlyPromise(dailyReturnRate: number, monthlyReturnRate: number): boolean {
  return Math.round(dailyReturnRate * 100) * REWARD_DAYS_PER_MONTH <= Math.round(monthlyReturnRate * 100);
}
