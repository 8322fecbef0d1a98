import type { AdminAccountRepository } from "../admin-accounts-port.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { auditCounters, auditPut, countersUpdate } from "./items.js";
import { keys } from "./keys.js";
import { refusing, runTransaction } from "./transactions.js";

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
