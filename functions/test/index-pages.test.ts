/**
 * The paged reads every repository goes through (kernel/dynamo/index-pages.ts), on DynamoDB Local: a Query is
 * followed page by page to its end, a reader that has enough reads no further page, and a read of the first n asks
 * each page only for what it still wants.
 */
import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultDynamoContext } from "../src/kernel/dynamo/client.js";
import { queryAllItems, queryCount, queryItems, type TableQuery } from "../src/kernel/dynamo/index-pages.js";
import { ulid } from "../src/kernel/ids.js";
import { sendingThrough } from "./support/sending-through.js";

const base = defaultDynamoContext();
const PK = `PAGES#${ulid()}`;
const SEVEN = ["a", "b", "c", "d", "e", "f", "g"];

/** The context, with the Limit of every Query it sends written down. */
function counted() {
  const limits: (number | undefined)[] = [];
  const ctx = {
    TableName: base.TableName,
    db: sendingThrough(base.db, (command: unknown) => {
      if (command instanceof QueryCommand) limits.push(command.input.Limit);
      return base.db.send(command as never);
    }),
  };
  return { ctx, limits };
}

const partition: TableQuery = { KeyConditionExpression: "PK = :pk", ExpressionAttributeValues: { ":pk": PK } };

describe("paged reads", () => {
  beforeAll(async () => {
    for (const [i, sk] of SEVEN.entries()) {
      await base.db.send(new PutCommand({ TableName: base.TableName, Item: { PK, SK: sk, odd: i % 2 === 0 } }));
    }
  });

  it("follows a Query page by page to its last item", async () => {
    const { ctx, limits } = counted();
    const items = await queryAllItems(ctx, { ...partition, Limit: 2 });
    expect(items.map((item) => item.SK)).toEqual(SEVEN);
    // Seven items, two a page: the fourth page holds the last one and has no key to go on from.
    expect(limits).toEqual([2, 2, 2, 2]);
  });

  it("reads no further page once the reader breaks out", async () => {
    const { ctx, limits } = counted();
    const seen: unknown[] = [];
    for await (const item of queryItems(ctx, { ...partition, Limit: 2 })) {
      seen.push(item.SK);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(["a", "b", "c"]);
    expect(limits).toHaveLength(2);
  });

  it("asks each page for only as many as are still wanted, and stops when they are there", async () => {
    const { ctx, limits } = counted();
    // The filter keeps a, c, e and g. The first page reads five and keeps three; the second asks for the two still
    // wanted and keeps one (g); it read as many as it asked for, so a third asks for the last one and finds the end.
    const items = await queryAllItems(
      ctx,
      { ...partition, FilterExpression: "odd = :yes", ExpressionAttributeValues: { ":pk": PK, ":yes": true } },
      5,
    );
    expect(items.map((item) => item.SK)).toEqual(["a", "c", "e", "g"]);
    expect(limits).toEqual([5, 2, 1]);
    const { ctx: second, limits: secondLimits } = counted();
    expect((await queryAllItems(second, partition, 3)).map((item) => item.SK)).toEqual(["a", "b", "c"]);
    expect(secondLimits).toEqual([3]);
  });

  it("counts over every page", async () => {
    const { ctx, limits } = counted();
    expect(await queryCount(ctx, { ...partition, Select: "COUNT", Limit: 3 })).toBe(7);
    expect(limits).toEqual([3, 3, 3]);
  });
});
