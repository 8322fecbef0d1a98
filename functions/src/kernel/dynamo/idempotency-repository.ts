import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { IdempotencyClaim, IdempotencyRepository, KeptAnswer } from "../records.js";
import type { TransactItem } from "./client.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { isConditionFailure } from "./condition-failure.js";
import { keys } from "./keys.js";

/** How long a repeat gets the same answer (design.md §11). */
const KEEP_ANSWERS_MS = 24 * 3600 * 1000;
/** How long a running request holds its key: longer than any function may run (API Gateway gives up at 30 s). */
const HOLD_MS = 60_000;

const keyOf = (claim: IdempotencyClaim) => keys.idempotency(claim.callerId, claim.key);

/** Sets the kept answer on a key this invocation holds. */
function answerUpdate(TableName: string, answer: KeptAnswer) {
  return {
    TableName,
    Key: keyOf(answer.claim),
    UpdateExpression: "SET #state = :answered, statusCode = :status, answerBody = :body REMOVE holdUntil",
    ConditionExpression: "#state = :running AND holdToken = :token",
    ExpressionAttributeNames: { "#state": "state" },
    ExpressionAttributeValues: {
      ":answered": "answered",
      ":running": "running",
      ":status": answer.statusCode,
      ":body": JSON.stringify(answer.body),
      ":token": answer.claim.token,
    },
  };
}

/**
 * The item a money move adds to its own TransactWriteItems, so the answer is kept exactly when the move commits.
 * Appended last, so the positions of the move's own items keep their meaning.
 */
export function keptAnswerItem(TableName: string, answer: KeptAnswer): TransactItem {
  return { Update: answerUpdate(TableName, answer) };
}

export function createDynamoIdempotencyRepository(ctx: DynamoContext = defaultDynamoContext()): IdempotencyRepository {
  const { db, TableName } = ctx;
  return {
    async claim(claim, now) {
      const at = now.getTime();
      try {
        await db.send(
          new PutCommand({
            TableName,
            Item: {
              ...keyOf(claim),
              type: "IdempotencyRecord",
              state: "running",
              fingerprint: claim.fingerprint,
              holdToken: claim.token,
              holdUntil: at + HOLD_MS,
              createdAt: now.toISOString(),
              keptUntil: at + KEEP_ANSWERS_MS,
              expiresAt: Math.ceil((at + KEEP_ANSWERS_MS) / 1000),
            },
            // New, or a request that died holding it (its move never committed, or the answer would be kept), or an
            // answer older than a day (TTL removes items late).
            ConditionExpression:
              "attribute_not_exists(PK) OR (#state = :running AND holdUntil < :now) OR keptUntil < :now",
            ExpressionAttributeNames: { "#state": "state" },
            ExpressionAttributeValues: { ":running": "running", ":now": at },
          }),
        );
        return { state: "claimed" };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // A repeat is rare: reading what holds the key costs a round trip only then.
        const { Item: held } = await db.send(new GetCommand({ TableName, Key: keyOf(claim), ConsistentRead: true }));
        const fingerprint = String(held?.fingerprint ?? "");
        if (held?.state === "answered") {
          return {
            state: "answered",
            fingerprint,
            statusCode: Number(held.statusCode),
            body: JSON.parse(String(held.answerBody)),
          };
        }
        return { state: "running", fingerprint };
      }
    },

    async keep(answer) {
      await db.send(new UpdateCommand(answerUpdate(TableName, answer)));
    },

    async release(claim) {
      try {
        await db.send(
          new DeleteCommand({
            TableName,
            Key: keyOf(claim),
            ConditionExpression: "#state = :running AND holdToken = :token",
            ExpressionAttributeNames: { "#state": "state" },
            ExpressionAttributeValues: { ":running": "running", ":token": claim.token },
          }),
        );
      } catch (error) {
        // Answered meanwhile (the move committed before the failure) or taken over: nothing to give back.
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
