import type { PortfolioDay } from "@jengafund/shared";

/** A new account's history: no real money and no demo money on any day, so there is nothing to draw. */
export function isEmptyHistory(days: readonly PortfolioDay[]): boolean {
  return days.every((day) => day.value === 0 && day.rewards === 0 && day.demo === 0);
}

/** Demo money is drawn only when the period had some. */
export function hasDemoMoney(days: readonly PortfolioDay[]): boolean {
  return days.some((day) => day.demo !== 0);
}

/** Trial rewards are drawn beside the real ones only when the period had some. */
export function hasDemoRewards(days: readonly PortfolioDay[]): boolean {
  // An answer cached before the history carried demo rewards has none to draw.
  return days.some((day) => day.demoRewards > 0);
}
