/**
 * Per-account budgets on heavy reads (design.md §12.6): the one rule "N an hour per account, then 429 { message }",
 * for every read that names a budget (READ_BUDGETS in shared: statements, charts). The read is counted before any
 * work is done, by one conditional write, so parallel requests cannot all pass a check made before any was counted.
 */
import { READ_BUDGET_MESSAGES, READ_BUDGETS, type ReadBudget } from "@jengafund/shared";
import { type Clock, hourlyCounterWindow, minutesToNextHour } from "../../kernel/clock.js";
import { TooManyAttemptsError } from "../../kernel/errors.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import type { ReadBudgetRepository } from "./read-budgets-port.js";

export interface ReadBudgetDeps {
  repository: ReadBudgetRepository;
  clock: Clock;
  metrics: MetricsPort;
}

export function createReadBudgets({ repository, clock, metrics }: ReadBudgetDeps) {
  return {
    /** Counts one read of `budget` for the account; throws TooManyAttemptsError (429) once the hour's is spent. */
    async spend(userId: string, budget: ReadBudget): Promise<void> {
      const now = clock.now();
      const spent = await repository.spend({
        budget,
        userId,
        ...hourlyCounterWindow(now),
        limit: READ_BUDGETS[budget],
      });
      if (!spent) {
        metrics.count("ReadsThrottled", budget);
        throw new TooManyAttemptsError(READ_BUDGET_MESSAGES[budget](minutesToNextHour(now)));
      }
    },
  };
}

export type ReadBudgets = ReturnType<typeof createReadBudgets>;
