import { batchGet } from "../../../kernel/dynamo/batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate, ledgerCounters, mergeCounters } from "../../../kernel/dynamo/counter-items.js";
import { queryPages } from "../../../kernel/dynamo/index-pages.js";
import { toInvestmentRecord } from "../../../kernel/dynamo/investment-items.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ledgerItem } from "../../../kernel/dynamo/ledger-items.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { balanceAttribute } from "../../../kernel/dynamo/user-items.js";
import { summaryOf, type UserSummary } from "../../../kernel/records.js";
import type { DueInvestment, MaturityPlan, MaturityRepository } from "../port.js";

/**
 * The maturities list (GSI2 `MATURING#<nn>`, an entry per active investment, by its Nairobi maturity day) and the
 * transaction that returns an investment's capital (design.md §13.6). No scan: each shard is read up to the day asked
 * for, so a run costs a query per shard when nothing is due, and the entries of matured investments are gone.
 */
export function createDynamoMaturityRepository(ctx: DynamoContext = defaultDynamoContext()): MaturityRepository {
  const { TableName } = ctx;

  /** The owners of a page's investments, in one BatchGetItem (a page holds at most 100). */
  async function ownersOf(userIds: string[]): Promise<Map<string, UserSummary>> {
    const distinct = [...new Set(userIds)];
    const found = distinct.length ? await batchGet(ctx, distinct.map(keys.user)) : [];
    return new Map(
      found.map((item) => [String(item.id), summaryOf(item as unknown as UserSummary)] as [string, UserSummary]),
    );
  }

  return {
    async *due(throughDay, pageSize) {
      for (const pk of keys.maturingInvestmentsPartitions()) {
        const pages = queryPages(ctx, {
          IndexName: "GSI2",
          KeyConditionExpression: "GSI2PK = :pk AND GSI2SK < :through",
          ExpressionAttributeValues: { ":pk": pk, ":through": keys.maturingInvestmentsThrough(throughDay) },
          Limit: pageSize,
        });
        for await (const page of pages) {
          const investments = (page.Items ?? []).map(toInvestmentRecord).filter((investment) => !investment.maturedAt);
          if (!investments.length) continue;
          const owners = await ownersOf(investments.map((investment) => investment.userId));
          yield investments.map((investment): DueInvestment => ({ investment, owner: owners.get(investment.userId) }));
        }
      }
    },

    async mature({ investment, owner, line, maturedAt }: MaturityPlan) {
      await runTransaction(ctx, [
        // Once: a second run, or two at once, finds it matured and changes nothing. Its list entry goes with it.
        refusing("already-matured", {
          Update: {
            TableName,
            Key: keys.investment(investment.userId, investment.id),
            UpdateExpression: "SET maturedAt = :at REMOVE GSI2PK, GSI2SK",
            ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(maturedAt)",
            ExpressionAttributeValues: { ":at": maturedAt },
          },
        }),
        // Into the balance it was bought from, whatever the account has become since: trial capital stays demo money,
        // and a deactivated account's capital is still its own.
        refusing("account-changed", {
          Update: {
            TableName,
            Key: keys.user(investment.userId),
            UpdateExpression: `ADD ${balanceAttribute[investment.balance]} :capital`,
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeValues: { ":capital": investment.amountCents },
          },
        }),
        // The line carries this attempt's request id: after an answer lost on the way, the retry knows it committed.
        {
          item: {
            Put: {
              TableName,
              Item: ledgerItem(line, summaryOf(owner)),
              ConditionExpression: "attribute_not_exists(PK)",
            },
          },
          ...(line.requestId ? { marker: { requestId: line.requestId } } : {}),
        },
        countersUpdate(TableName, mergeCounters({ activeInvestments: -1 }, ledgerCounters(line)), investment.userId),
        outboxPut(TableName, {
          kind: "capital-returned",
          moveId: investment.id,
          userId: investment.userId,
          data: {
            amountCents: investment.amountCents,
            packageName: investment.package.name,
            balance: investment.balance,
          },
          createdAt: maturedAt,
        }),
      ]);
    },
  };
}
