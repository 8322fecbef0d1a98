import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { observeInvocation } from "../../kernel/invocation.js";
import { log } from "../../kernel/log.js";
import { notifications } from "../../modules/messaging/index.js";

/**
 * The table's stream, filtered by its event source mapping to the outbox's new events (INSERT, type Outbox): each is
 * sent by the notifications module. A record whose event failed, or has a channel to try again (nothing was sent), is
 * reported as a batch item failure, so the stream delivers it again; what is still open after that is left to the
 * reconciliation's sweep. Sending is once per channel whoever runs it, so a redelivery never sends twice.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return observeInvocation(context, { correlation_id: context.awsRequestId }, async () => {
    const batchItemFailures: DynamoDBBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      const eventId = outboxEventIdOf(record);
      if (!eventId) continue;
      try {
        const run = await notifications().processOutboxEvent(eventId);
        if (run.retry && record.dynamodb?.SequenceNumber) {
          batchItemFailures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
        }
      } catch (error) {
        log("error", "Notification event not processed; the stream delivers it again", { eventId, error });
        if (record.dynamodb?.SequenceNumber) batchItemFailures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
      }
    }
    return { batchItemFailures };
  });
}

/** The outbox event a stream record inserted, if it is one (the mapping's filter should let only those through). */
function outboxEventIdOf(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== "INSERT") return undefined;
  const image = record.dynamodb?.NewImage;
  if (image?.type?.S !== "Outbox") return undefined;
  return image.id?.S;
}
