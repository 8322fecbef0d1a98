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
