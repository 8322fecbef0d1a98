import type { ReadBudget } from "@jengafund/shared";

/** An account's heavy read, counted against its hour's budget. */
export interface ReadBudgetSpend {
  budget: ReadBudget;
  userId: string;
  /** The UTC hour counted in, `yyyy-mm-ddThh`. */
  hour: string;
  limit: number;
  /** Epoch seconds: the counter's TTL. */
  expiresAtEpochSeconds: number;
}

export interface ReadBudgetRepository {
  /** Counts one more read, on the condition that the hour's count is below the limit: false (nothing counted) if not. */
  spend(spend: ReadBudgetSpend): Promise<boolean>;
}
