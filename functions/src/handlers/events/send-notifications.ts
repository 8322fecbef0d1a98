import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { keys } from "../../kernel/dynamo/keys.js";
import { observeInvocation } from "../../kernel/invocation.js";
import { log } from "../../kernel/log.js";
import { notifications } from "../../modules/messaging/index.js";

/** A record's event was processed but has a channel to try again: the record counts as failed. */
class ChannelToRetry extends Error {}

/**
 * The stream's records one at a time, in the stream's order, each failure collected and the rest processed all the
 * same; a batch whose every record failed is answered with all of them, never thrown.
 */
const processor = new BatchProcessor(EventType.DynamoDBStreams);

/**
 * The table's stream (keys only), filtered by its event source mapping to the outbox's new events (INSERT, PK
 * `OUTBOX#…`): each is
 * sent by the notifications module. A record whose event failed, or has a channel to try again (nothing was sent), is
 * reported as a batch item failure, so the stream delivers it again; what is still open after that is left to the
 * reconciliation's sweep. Sending is once per channel whoever runs it, so a redelivery never sends twice.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return observeInvocation(context, { correlation_id: context.awsRequestId }, () =>
    processPartialResponse(event, sendRecord, processor, {
      context,
      processInParallel: false,
      throwOnFullBatchFailure: false,
    }),
  );
}

async function sendRecord(record: DynamoDBRecord): Promise<void> {
  const eventId = outboxEventIdOf(record);
  if (!eventId) return;
  let run: Awaited<ReturnType<ReturnType<typeof notifications>["processOutboxEvent"]>>;
  try {
    run = await notifications().processOutboxEvent(eventId);
  } catch (error) {
    log("error", "Notification event not processed; the stream delivers it again", { eventId, error });
    throw error;
  }
  if (run.retry) throw new ChannelToRetry(eventId);
}

/**
 * The outbox event a stream record inserted, if it is one (the mapping's filter should let only those through). The
 * stream carries keys only (docs/adr/0016-credentials-apart.md): the event is read from the table by its id.
 */
function outboxEventIdOf(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== "INSERT") return undefined;
  const key = record.dynamodb?.Keys;
  if (key?.SK?.S !== keys.outboxEvent("").SK || key.PK?.S === undefined) return undefined;
  return keys.outboxEventIdOf(key.PK.S);
}
