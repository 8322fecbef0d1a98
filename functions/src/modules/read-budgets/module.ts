/** The read-budgets module's service, built once per container on first use from the real adapters. */
import { systemClock } from "../../kernel/clock.js";
import { once } from "../../kernel/compose.js";
import { metrics } from "../../kernel/metrics.js";
import { createDynamoReadBudgetRepository } from "./dynamo/read-budget-repository.js";
import { createReadBudgets } from "./read-budgets.js";

export const readBudgets = /* @__PURE__ */ once(() =>
  createReadBudgets({ repository: createDynamoReadBudgetRepository(), clock: systemClock, metrics }),
);
