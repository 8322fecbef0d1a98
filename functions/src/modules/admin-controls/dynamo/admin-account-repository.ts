import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate } from "../../../kernel/dynamo/counter-items.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import type { AdminAccountRepository } from "../admin-accounts-port.js";

export function createDynamoAdminAccountRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): AdminAccountRepository {
  const { TableName } = ctx;
  return {
    async setAdminActive(subject, isActive, audit) {
      await runTransaction(ctx, [
        refusing("account-changed", {
          Update: {
            TableName,
            Key: keys.user(subject.id),
            // As for an investor (admin-repository.ts): a new token version ends the sessions issued before.
            UpdateExpression: isActive ? "SET isActive = :active" : "SET isActive = :active ADD tokenVersion :one",
            // The state it was read in: two operators at once record one change, not two.
            ConditionExpression: "attribute_exists(PK) AND #role = :admin AND isActive = :was",
            ExpressionAttributeNames: { "#role": "role" },
            ExpressionAttributeValues: {
              ":active": isActive,
              ":was": !isActive,
              ":admin": "admin",
              ...(isActive ? {} : { ":one": 1 }),
            },
          },
        }),
        countersUpdate(TableName, auditCounters(audit), subject.id),
        auditPut(TableName, audit),
      ]);
      return { ...subject, isActive, ...(isActive ? {} : { tokenVersion: subject.tokenVersion + 1 }) };
    },
  };
}
