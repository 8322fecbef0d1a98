import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import type { KeptStatements } from "../statement-port.js";

/**
 * A kept PDF is one item in the table: the route already writes there (its read budget), so it needs no store, grant
 * or infrastructure of its own. A month's PDF is a few kilobytes (about 90 bytes a line: docs/benchmarks.md); one
 * above MAX_KEPT_BYTES (some 3,800 lines in a month) is not kept, to stay below DynamoDB's 400 KB item.
 */
export const MAX_KEPT_BYTES = 350_000;
/** How long a kept PDF stays (the table's TTL): a year after it was rendered; asked again later, it is rendered again. */
const KEEP_DAYS = 366;

export function createDynamoKeptStatements(ctx: DynamoContext = defaultDynamoContext()): KeptStatements {
  const { db, TableName } = ctx;
  return {
    async get(userId, month) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.keptStatement(userId, month) }));
      if (!(Item?.pdf instanceof Uint8Array)) return undefined;
      return {
        bytes: Item.pdf,
        wallet: {
          openingCents: Number(Item.openingCents),
          totalInCents: Number(Item.totalInCents),
          totalOutCents: Number(Item.totalOutCents),
          closingCents: Number(Item.closingCents),
        },
      };
    },

    async keep(userId, month, { bytes, wallet }) {
      if (bytes.byteLength > MAX_KEPT_BYTES) return false;
      await db.send(
        new PutCommand({
          TableName,
          Item: {
            ...keys.keptStatement(userId, month),
            type: "KeptStatement",
            pdf: bytes,
            ...wallet,
            expiresAt: Math.floor(Date.now() / 1000) + KEEP_DAYS * 86_400,
          },
        }),
      );
      return true;
    },
  };
}
