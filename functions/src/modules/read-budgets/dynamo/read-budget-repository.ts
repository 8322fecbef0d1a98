import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countHourly } from "../../../kernel/dynamo/hourly-counters.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import type { ReadBudgetRepository } from "../read-budgets-port.js";

export function createDynamoReadBudgetRepository(ctx: DynamoContext = defaultDynamoContext()): ReadBudgetRepository {
  return {
    spend: async ({ budget, userId, hour, limit, expiresAtEpochSeconds }) =>
      (await countHourly(ctx, [{ key: keys.readBudget(budget, userId, hour), limit }], {
        expiresAtEpochSeconds,
        type: "ReadBudget",
      })) === null,
  };
}
