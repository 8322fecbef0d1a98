import { accountActiveItems, withActive } from "../../../kernel/dynamo/account-active.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { runTransaction } from "../../../kernel/dynamo/transactions.js";
import type { AdminAccountRepository } from "../admin-accounts-port.js";

export function createDynamoAdminAccountRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): AdminAccountRepository {
  const { TableName } = ctx;
  return {
    async setAdminActive(subject, isActive, audit) {
      await runTransaction(
        ctx,
        accountActiveItems(
          TableName,
          { userId: subject.id, isActive, audit },
          {
            refusal: "account-changed",
            // The state it was read in: two operators at once record one change, not two.
            condition: "#role = :admin AND isActive = :was",
            values: { ":was": !isActive, ":admin": "admin" },
          },
        ),
      );
      return withActive(subject, isActive);
    },
  };
}
