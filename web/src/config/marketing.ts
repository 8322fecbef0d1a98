import { REFERRAL_BONUS_KES, TRIAL_BALANCE_KES } from "@jengafund/shared";

/**
 * Figures the landing and register pages advertise. They are configuration (design §5) so marketing can change
 * them per deployment with VITE_* build variables; the defaults are the spec's values.
 */
function positiveNumber(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isFinite(value) && value > 0 ? value : fallback;
}

const env = import.meta.env;

export const marketing = {
  maxMonthlyReturnPercent: positiveNumber(env.VITE_MAX_MONTHLY_RETURN_PERCENT, 40),
  minInvestmentKes: positiveNumber(env.VITE_MIN_INVESTMENT_KES, 300),
  referralBonusKes: positiveNumber(env.VITE_REFERRAL_BONUS_KES, REFERRAL_BONUS_KES),
  trialBalanceKes: positiveNumber(env.VITE_TRIAL_BALANCE_KES, TRIAL_BALANCE_KES),
} as const;
