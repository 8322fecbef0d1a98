import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";

/**
 * The local stand-in for EventBridge: speaks the PutEvents API (AWS JSON 1.1), so the real SDK client publishes to
 * it, and delivers the same envelope to the rule's target with retries, keeping what still fails as dead letters.
 * Dev-only.
 */
export interface EventEnvelope {
  version: "0";
  id: string;
  "detail-type": string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface LocalRule {
  source: string;
  target: (event: EventEnvelope) => Promise<unknown>;
}

export interface LocalEventBus extends Server {
  deadLetters: { event: EventEnvelope; error: string }[];
  /** Resolves once every event accepted so far has been delivered (or dead-lettered). */
  idle(): Promise<void>;
}

const RETRY_DELAYS_MS = [100, 500, 2000];

export function createLocalEventBus(rules: LocalRule[], options: { log?: (line: string) => void } = {}): LocalEventBus {
  const deadLetters: LocalEventBus["deadLetters"] = [];
  const inFlight = new Set<Promise<void>>();

  async function deliver(rule: LocalRule, event: EventEnvelope) {
    for (let attempt = 0; ; attempt++) {
      try {
        await rule.target(event);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          deadLetters.push({ event, error: String(error) });
          options.log?.(`[event-bus] ${event["detail-type"]} ${event.id} dead-lettered: ${String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/x-amz-json-1.1" });
        res.end(JSON.stringify(body));
      };
      if (req.headers["x-amz-target"] !== "AWSEvents.PutEvents") {
        reply(400, { __type: "UnknownOperationException", message: "Only PutEvents is supported locally" });
        return;
      }
      let input: { Entries?: { Source?: string; DetailType?: string; Detail?: string }[] };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        reply(400, { __type: "ValidationException", message: "Malformed JSON" });
        return;
      }
      const entries = (input.Entries ?? []).map((entry) => {
        const event: EventEnvelope = {
          version: "0",
          id: randomUUID(),
          "detail-type": entry.DetailType ?? "",
          source: entry.Source ?? "",
          account: "000000000000",
          time: new Date().toISOString(),
          region: "af-south-1",
          resources: [],
          detail: JSON.parse(entry.Detail ?? "{}"),
        };
        for (const rule of rules.filter((r) => r.source === event.source)) {
          const delivery = deliver(rule, event).finally(() => inFlight.delete(delivery));
          inFlight.add(delivery);
        }
        return { EventId: event.id };
      });
      reply(200, { FailedEntryCount: 0, Entries: entries });
    });
  });

  return Object.assign(server, {
    deadLetters,
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  });
}
