/**
 * Partition heat: how a workload's writes land on the partition keys of the table and of each index. DynamoDB Local
 * keeps a stream of every change (with the item before and after), so the count is DynamoDB's own, not a guess from
 * the code: a change is one write on the table's key, and on each index one write on the key the item has after it
 * (an item that leaves a key also costs that key a delete). With every index projecting the whole item, any change of
 * an item listed in an index is a write on that index.
 */
import { DescribeTableCommand, UpdateTableCommand } from "@aws-sdk/client-dynamodb";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { defaultDynamoContext } from "../../src/kernel/dynamo/client.js";
import { tableKeySchema } from "../../src/kernel/dynamo/table-schema.js";
import { localDynamoClient } from "../../src/local/dynamodb-local.js";

type Image = Record<string, { S?: string }>;
interface StreamRecord {
  dynamodb: { Keys: Image; OldImage?: Image; NewImage?: Image };
}

export const INDEXES = ["table", ...tableKeySchema.gsis.map((gsi) => gsi.name)] as const;
export type IndexName = (typeof INDEXES)[number];

/** Counts per partition key value, per index. */
export type KeyCounts = Record<string, Record<string, number>>;

export interface IndexHeat {
  total: number;
  keys: number;
  hottest: { key: string; count: number; share: number };
}

/** A sharded list's keys share a base (`TX`, `TX#reward#completed`, `USERS`…) and end in the shard: `#07`. */
export interface FamilyHeat {
  index: string;
  family: string;
  total: number;
  shardsUsed: number;
  hottestShare: number;
}

const SHARD_SUFFIX = /#\d{2}$/;

const endpoint = () => String(process.env.DYNAMODB_ENDPOINT);

/** The streams API of DynamoDB Local, which serves it beside the table API and accepts any credentials. */
async function streams<T>(operation: string, body: unknown): Promise<T> {
  const response = await fetch(endpoint(), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-amz-json-1.0",
      "X-Amz-Target": `DynamoDBStreams_20120810.${operation}`,
      Authorization:
        "AWS4-HMAC-SHA256 Credential=local/20260101/af-south-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${operation}: ${answer.message ?? response.status}`);
  return answer;
}

/** Turns on the table's stream; every change from now on is counted by `writesSince`. */
export async function recordWrites(): Promise<{ streamArn: string }> {
  const client = localDynamoClient(endpoint());
  const TableName = defaultDynamoContext().TableName;
  await client.send(
    new UpdateTableCommand({
      TableName,
      StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
    }),
  );
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  if (!Table?.LatestStreamArn) throw new Error("the table has no stream");
  return { streamArn: Table.LatestStreamArn };
}

/** Writes per partition key value of the table and of each index, from every change the stream holds. */
export async function writesSince({ streamArn }: { streamArn: string }): Promise<KeyCounts> {
  const counts: KeyCounts = Object.fromEntries(INDEXES.map((index) => [index, {}]));
  const add = (index: string, key: string | undefined) => {
    if (!key) return;
    const forIndex = counts[index] ?? {};
    forIndex[key] = (forIndex[key] ?? 0) + 1;
    counts[index] = forIndex;
  };
  const shards: { ShardId: string }[] = [];
  let start: string | undefined;
  do {
    const { StreamDescription } = await streams<{
      StreamDescription: { Shards: { ShardId: string }[]; LastEvaluatedShardId?: string };
    }>("DescribeStream", { StreamArn: streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) });
    shards.push(...StreamDescription.Shards);
    start = StreamDescription.LastEvaluatedShardId;
  } while (start);
  for (const { ShardId } of shards) {
    let { ShardIterator } = await streams<{ ShardIterator?: string }>("GetShardIterator", {
      StreamArn: streamArn,
      ShardId,
      ShardIteratorType: "TRIM_HORIZON",
    });
    while (ShardIterator) {
      const page: { Records: StreamRecord[]; NextShardIterator?: string } = await streams("GetRecords", {
        ShardIterator,
        Limit: 1000,
      });
      for (const { dynamodb } of page.Records) {
        add("table", dynamodb.Keys.PK?.S);
        for (const { name, partitionKey } of tableKeySchema.gsis) {
          const before = dynamodb.OldImage?.[partitionKey]?.S;
          const after = dynamodb.NewImage?.[partitionKey]?.S;
          add(name, after);
          if (before && before !== after) add(name, before);
        }
      }
      // An open shard always hands out a next iterator; an empty page means everything written so far was read.
      ShardIterator = page.Records.length ? page.NextShardIterator : undefined;
    }
  }
  return counts;
}

/** Items per partition key value of the table and of each index, by scanning the table. */
export async function itemsPerKey(): Promise<KeyCounts> {
  const { db, TableName } = defaultDynamoContext();
  const counts: KeyCounts = Object.fromEntries(INDEXES.map((index) => [index, {}]));
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName, ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      for (const index of INDEXES) {
        const key = item[index === "table" ? "PK" : `${index}PK`];
        if (typeof key !== "string") continue;
        const forIndex = counts[index] ?? {};
        forIndex[key] = (forIndex[key] ?? 0) + 1;
        counts[index] = forIndex;
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return counts;
}

export function heatOf(counts: KeyCounts): Record<string, IndexHeat> {
  return Object.fromEntries(
    Object.entries(counts).map(([index, byKey]) => {
      const entries = Object.entries(byKey);
      const total = entries.reduce((sum, [, n]) => sum + n, 0);
      const [key, count] = entries.reduce((top, entry) => (entry[1] > top[1] ? entry : top), ["", 0]);
      return [index, { total, keys: entries.length, hottest: { key, count, share: total ? count / total : 0 } }];
    }),
  );
}

/** Each sharded list's spread: how many of its shards took writes and the busiest shard's share of the list's. */
export function familiesOf(counts: KeyCounts): FamilyHeat[] {
  const families: FamilyHeat[] = [];
  for (const [index, byKey] of Object.entries(counts)) {
    const grouped = new Map<string, number[]>();
    for (const [key, n] of Object.entries(byKey)) {
      if (!SHARD_SUFFIX.test(key)) continue;
      const family = key.replace(SHARD_SUFFIX, "");
      grouped.set(family, [...(grouped.get(family) ?? []), n]);
    }
    for (const [family, shards] of grouped) {
      const total = shards.reduce((sum, n) => sum + n, 0);
      families.push({ index, family, total, shardsUsed: shards.length, hottestShare: Math.max(...shards) / total });
    }
  }
  return families.sort((a, b) => b.total - a.total);
}
