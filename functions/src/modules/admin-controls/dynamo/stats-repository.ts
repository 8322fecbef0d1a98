import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate } from "../../../kernel/dynamo/counter-items.js";
import { queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { MoveRefusedError } from "../../../kernel/records.js";
import type { StatsRepository } from "../port.js";

export function createDynamoStatsRepository(ctx: DynamoContext = defaultDynamoContext()): StatsRepository {
  const { db, TableName } = ctx;
  return {
    async retireMatured(throughDay) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.statsMaturedThrough(), ConsistentRead: true }),
      );
      const coveredThrough = typeof Item?.maturedThrough === "string" ? Item.maturedThrough : undefined;
      if (coveredThrough && coveredThrough >= throughDay) return 0;
      const from = keys.statsMaturities(coveredThrough ?? "0000-00-00", 0).SK;
      const to = keys.statsMaturities(throughDay, 0).SK;
      // The maturities are counted on every statistics shard; their days are read from all of them at once.
      const perShard = await Promise.all(
        keys.statsPartitions().map(async (pk) => {
          let maturing = 0;
          const days = queryItems(ctx, {
            KeyConditionExpression: "PK = :pk AND SK BETWEEN :from AND :to",
            ExpressionAttributeValues: { ":pk": pk, ":from": from, ":to": to },
          });
          for await (const item of days) if (item.SK !== from) maturing += Number(item.maturing ?? 0);
          return maturing;
        }),
      );
      const matured = perShard.reduce((sum, n) => sum + n, 0);
      try {
        await runTransaction(ctx, [
          // Two runs at once: only one moves the counter for a given span of days.
          refusing("already-covered", {
            Put: {
              TableName,
              Item: { ...keys.statsMaturedThrough(), type: "MaturedThrough", maturedThrough: throughDay },
              ConditionExpression: coveredThrough ? "maturedThrough = :covered" : "attribute_not_exists(PK)",
              ...(coveredThrough ? { ExpressionAttributeValues: { ":covered": coveredThrough } } : {}),
            },
          }),
          ...(matured ? [countersUpdate(TableName, { activeInvestments: -matured }, throughDay)] : []),
        ]);
      } catch (error) {
        if (error instanceof MoveRefusedError) return 0;
        throw error;
      }
      return matured;
    },
  };
}
