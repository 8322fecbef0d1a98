/**
 * The stream handler's answer to Lambda (handlers/events/send-notifications.ts): each outbox record is processed in
 * turn, and the records whose event failed or still has a channel to try again are named, by sequence number, as
 * batch item failures, so the stream delivers them again; the others count as done. What processing an event does
 * is notifications-outbox.test.ts's; here the module answers as told, to show the bookkeeping.
 */
import type { DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { handler } from "../src/handlers/events/send-notifications.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { localLambdaContext } from "../src/local/lambda-context.js";

/** What processing each event id does: answer with a channel still pending, succeed, or throw. */
const outcomes = new Map<string, "retry" | "done" | "throw">();
const processed: string[] = [];
let inFlight = 0;
let mostInFlight = 0;

vi.mock("../src/modules/messaging/index.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../src/modules/messaging/index.js")>()),
  notifications: () => ({
    processOutboxEvent: async (eventId: string) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      processed.push(eventId);
      const outcome = outcomes.get(eventId) ?? "done";
      if (outcome === "throw") throw new Error(`SMTP refused ${eventId}`);
      return { sms: "sent", email: outcome === "retry" ? "pending" : "sent", retry: outcome === "retry" };
    },
  }),
}));

/** A stream record as the table's KEYS_ONLY stream gives it: the item's keys, no image. */
function outboxRecord(
  id: string,
  sequence: string,
  key: { PK: string; SK: string } = keys.outboxEvent(id),
  eventName: DynamoDBRecord["eventName"] = "INSERT",
) {
  return {
    eventName,
    eventSource: "aws:dynamodb",
    dynamodb: { SequenceNumber: sequence, Keys: { PK: { S: key.PK }, SK: { S: key.SK } } },
  } satisfies DynamoDBRecord;
}

const invoke = (records: DynamoDBRecord[]) =>
  handler({ Records: records } as DynamoDBStreamEvent, localLambdaContext("send-notifications", { timeoutMs: 60_000 }));

describe("send-notifications, fed by the table's stream", () => {
  beforeEach(() => {
    outcomes.clear();
    processed.length = 0;
    mostInFlight = 0;
  });

  it("names the records to deliver again, one at a time and in the stream's order", async () => {
    outcomes.set("e2", "retry");
    outcomes.set("e4", "throw");
    const answer = await invoke([
      outboxRecord("e1", "100"),
      outboxRecord("e2", "200"),
      outboxRecord("e3", "300"),
      outboxRecord("e4", "400"),
      outboxRecord("e5", "500"),
    ]);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: "200" }, { itemIdentifier: "400" }] });
    // A failure stops nothing: the records after it are processed too.
    expect(processed).toEqual(["e1", "e2", "e3", "e4", "e5"]);
    expect(mostInFlight).toBe(1);
  });

  it("leaves aside what is not a new outbox item, as done", async () => {
    const answer = await invoke([
      outboxRecord("u1", "100", keys.user("u1")),
      outboxRecord("e1", "200", keys.outboxEvent("e1"), "MODIFY"),
      outboxRecord("e2", "300"),
    ]);
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(processed).toEqual(["e2"]);
  });

  it("answers with every record when every one failed, instead of failing the invocation", async () => {
    outcomes.set("e1", "throw");
    outcomes.set("e2", "retry");
    const answer = await invoke([outboxRecord("e1", "100"), outboxRecord("e2", "200")]);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: "100" }, { itemIdentifier: "200" }] });
  });

  it("answers an empty batch with no failures", async () => {
    expect(await invoke([])).toEqual({ batchItemFailures: [] });
  });
});
