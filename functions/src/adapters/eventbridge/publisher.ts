import { EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
import { config } from "../../kernel/config.js";
import { EVENT_SOURCE } from "../../kernel/event-names.js";
import type { EventPublisher } from "../../kernel/records.js";

export { EVENT_SOURCE };

let client: EventBridgeClient | undefined;

/** PutEvents to the configured bus; locally EVENTBRIDGE_ENDPOINT points at the local bus. */
export function createEventBridgePublisher(): EventPublisher {
  const { EVENT_BUS_NAME, EVENTBRIDGE_ENDPOINT, AWS_REGION } = config();
  client ??= new EventBridgeClient({
    region: AWS_REGION,
    ...(EVENTBRIDGE_ENDPOINT
      ? { endpoint: EVENTBRIDGE_ENDPOINT, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
      : {}),
  });
  const bus = client;
  return {
    async publish(detail) {
      const { FailedEntryCount, Entries } = await bus.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: EVENT_BUS_NAME,
              Source: EVENT_SOURCE,
              DetailType: detail.kind,
              Detail: JSON.stringify(detail),
            },
          ],
        }),
      );
      if (FailedEntryCount)
        throw new Error(`PutEvents failed: ${Entries?.[0]?.ErrorCode} ${Entries?.[0]?.ErrorMessage}`);
    },
  };
}
