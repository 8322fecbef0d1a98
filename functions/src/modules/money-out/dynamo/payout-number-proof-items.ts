import { keys } from "../../../kernel/dynamo/keys.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { type MoveEntry, refusing } from "../../../kernel/dynamo/transactions.js";
import type { FirstPayoutNumberProof } from "../payout-numbers-port.js";

/**
 * A number's first proof (design.md §13.2), in the deposit's settle transaction: the payout-number item (refused as
 * "payout-number-proven" when another deposit proved it meanwhile, so the notice is written once), its block link's
 * item (the token's SHA-256 only) and the owner's notice, sent by SMS to the registered number and by email.
 */
export function firstProofItems(
  TableName: string,
  proven: { userId: string; msisdn: string; at: string; moveId: string },
  proof: FirstPayoutNumberProof,
): MoveEntry[] {
  const { userId, msisdn, at } = proven;
  return [
    refusing("payout-number-proven", {
      Put: {
        TableName,
        Item: {
          ...keys.payoutNumber(userId, msisdn),
          type: "PayoutNumber",
          userId,
          phoneNumber: msisdn,
          firstDepositAt: at,
          lastDepositAt: at,
        },
        ConditionExpression: "attribute_not_exists(PK)",
      },
    }),
    {
      Put: {
        TableName,
        Item: {
          ...keys.payoutNumberBlock(proof.tokenHash),
          type: "PayoutNumberBlockLink",
          userId,
          phoneNumber: msisdn,
          createdAt: at,
          // The TTL attribute: DynamoDB deletes the item some time after, so the block checks it too.
          expiresAt: proof.linkExpiresAtEpochSeconds,
        },
        ConditionExpression: "attribute_not_exists(PK)",
      },
    },
    outboxPut(TableName, {
      kind: "payout-number-proven",
      moveId: proven.moveId,
      userId,
      data: { phoneNumber: msisdn, usableFrom: proof.usableFrom, blockToken: proof.token },
      createdAt: at,
    }),
  ];
}
