import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ulidFloor } from "../../../kernel/ids.js";
import type { LedgerLine, WithdrawalStatus } from "../../../kernel/records.js";
import type { LedgerSourceLine, StatementHolder, StatementSource } from "../statement-port.js";

/**
 * The attributes a statement (and the portfolio history) reads from a ledger line; the user summary and index keys
 * stay behind. The line's own type is stored as `transactionType` (`type` is the entity's).
 */
const LINE_ATTRIBUTES = [
  "id",
  "transactionType",
  "balance",
  "amountCents",
  "status",
  "description",
  "reference",
  "createdAt",
  "mpesaTransactionId",
  "settledAt",
] as const;

const HOLDER_ATTRIBUTES = ["firstName", "lastName", "email", "phoneNumber"] as const;

/**
 * A line's id is drawn a moment after its `createdAt` is read, so the key range runs this far past the period's end
 * and the statement builder, which goes by the times, leaves out what lies beyond it.
 */
const ID_AFTER_CREATED_MS = 60_000;

const projection = (attributes: readonly string[]) => ({
  ProjectionExpression: attributes.map((name) => `#${name}`).join(", "),
  ExpressionAttributeNames: Object.fromEntries(attributes.map((name) => [`#${name}`, name])),
});

export function createDynamoStatementSource(ctx: DynamoContext = defaultDynamoContext()): StatementSource {
  const { db, TableName } = ctx;

  async function holderOf(userId: string): Promise<StatementHolder | null> {
    const { Item } = await db.send(
      new GetCommand({ TableName, Key: keys.user(userId), ConsistentRead: true, ...projection(HOLDER_ATTRIBUTES) }),
    );
    if (!Item) return null;
    const text = (name: (typeof HOLDER_ATTRIBUTES)[number]) => String(Item[name] ?? "");
    return {
      firstName: text("firstName"),
      lastName: text("lastName"),
      email: text("email"),
      phoneNumber: text("phoneNumber"),
    };
  }

  /**
   * The user's ledger lines from the first to the period's end: ULIDs sort by time, so this is one key range of the
   * user's own partition, read page by page, oldest first.
   */
  async function linesBefore(userId: string, end: Date): Promise<LedgerSourceLine[]> {
    const first = keys.ledgerLine(userId, ulidFloor(new Date(0)));
    const last = keys.ledgerLine(userId, ulidFloor(new Date(end.getTime() + ID_AFTER_CREATED_MS)));
    const lines: LedgerSourceLine[] = [];
    const items = queryItems(ctx, {
      KeyConditionExpression: "PK = :pk AND SK BETWEEN :first AND :last",
      ...projection(LINE_ATTRIBUTES),
      ExpressionAttributeValues: { ":pk": first.PK, ":first": first.SK, ":last": last.SK },
      ConsistentRead: true,
    });
    for await (const item of items) lines.push(toStatementLine(item));
    return lines;
  }

  return {
    async read(userId, end) {
      const [holder, lines] = await Promise.all([holderOf(userId), linesBefore(userId, end)]);
      return holder ? { holder, lines } : null;
    },

    /** The user's own withdrawals (GSI3, few per user), only the approved ones kept: their ledger lines. */
    async payoutsUnderway(userId) {
      const underway = new Set<string>();
      const approved = queryItems(ctx, {
        IndexName: "GSI3",
        KeyConditionExpression: "GSI3PK = :pk AND begins_with(GSI3SK, :prefix)",
        FilterExpression: "#status = :approved",
        ProjectionExpression: "ledgerLineId",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":pk": keys.user(userId).PK,
          ":prefix": keys.userWithdrawalsPrefix,
          ":approved": "approved" satisfies WithdrawalStatus,
        },
      });
      for await (const item of approved) underway.add(String(item.ledgerLineId));
      return underway;
    },
  };
}

function toStatementLine(item: Record<string, unknown>): LedgerSourceLine {
  return {
    id: String(item.id),
    type: item.transactionType as LedgerLine["type"],
    balance: item.balance as LedgerLine["balance"],
    amountCents: Number(item.amountCents),
    status: item.status as LedgerLine["status"],
    description: String(item.description ?? ""),
    reference: String(item.reference ?? ""),
    createdAt: String(item.createdAt),
    ...(typeof item.mpesaTransactionId === "string" ? { mpesaTransactionId: item.mpesaTransactionId } : {}),
    ...(typeof item.settledAt === "string" ? { settledAt: item.settledAt } : {}),
  };
}
