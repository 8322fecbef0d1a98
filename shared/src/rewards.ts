/**
 * One daily reward of an investment: amount × dailyReturnRate / 100, rounded down to the cent, in integer arithmetic
 * (rates have at most two decimals). The claim pays it and the investment card shows it, from this one function.
 */
export function dailyRewardCents(amountCents: number, dailyReturnRate: number): number {
  const basisPoints = Math.round(dailyReturnRate * 100);
  return Math.floor((amountCents * basisPoints) / 10_000);
}
