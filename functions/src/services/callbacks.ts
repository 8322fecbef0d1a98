import { sameSecret } from "../lib/caller.js";
import { type DomainError, InvalidInputError, NotFoundError, NotPermittedError } from "../lib/errors.js";
import type { Log } from "../lib/log.js";
import type { MetricsPort } from "../lib/metrics.js";
import { parsePayoutResult, parseStatusResult, parseStkCallback } from "../payments/callbacks.js";
import { CALLBACK_KINDS, type CallbackKind } from "../payments/daraja.js";
import type { DarajaEventDetail, DarajaEventType, EventPublisher } from "../repositories/ports.js";

export interface CallbackIngestDeps {
  publisher: EventPublisher;
  callbackToken: () => Promise<string>;
  /** Empty: any source is accepted (and logged). */
  allowedIps: string[];
  clock: { now(): Date };
  log: Log;
  metrics: MetricsPort;
}

/** Why a callback was refused at the door; logged and counted by reason (CallbacksRejected). */
export type CallbackRejection = "unknown-path" | "source-address" | "shape";

const EVENT_TYPES: Record<CallbackKind, DarajaEventType> = {
  stk: "StkCallback",
  "b2c-result": "B2cResult",
  "b2c-timeout": "B2cTimeout",
  "status-result": "StatusResult",
  "status-timeout": "StatusTimeout",
};

const SHAPES: Record<CallbackKind, (body: unknown) => unknown> = {
  stk: parseStkCallback,
  "b2c-result": parsePayoutResult,
  "b2c-timeout": parsePayoutResult,
  "status-result": parseStatusResult,
  "status-timeout": parseStatusResult,
};

/**
 * Daraja callbacks are unsigned, so the path carries a secret token; the source address is checked against the
 * allow-list; the body must have the envelope's shape. Then the callback goes on the bus and Daraja gets its 200
 * at once: settlement happens in the settle handler, idempotently.
 */
export function createCallbackIngest({
  publisher,
  callbackToken,
  allowedIps,
  clock,
  log,
  metrics,
}: CallbackIngestDeps) {
  function refuse(reason: CallbackRejection, message: string, details: Record<string, unknown>, answer: DomainError) {
    log("warn", message, { ...details, rejection: reason });
    metrics.count("CallbacksRejected", reason);
    return answer;
  }

  return {
    async receive(input: { kind: string; token: string; body: unknown; sourceIp: string }) {
      const kind = CALLBACK_KINDS.find((k) => k === input.kind);
      // A wrong token looks exactly like a path that does not exist.
      if (!kind || !sameSecret(input.token, await callbackToken())) {
        // The kind is only logged when it is one of ours: the path segment is whatever the caller sent.
        throw refuse(
          "unknown-path",
          "Daraja callback with an unknown path or token refused",
          { kind: kind ?? "unknown", sourceIp: input.sourceIp },
          new NotFoundError("Not Found"),
        );
      }
      if (allowedIps.length > 0 && !allowedIps.includes(input.sourceIp)) {
        throw refuse(
          "source-address",
          "Daraja callback from an address outside the allow-list refused",
          { kind, sourceIp: input.sourceIp },
          new NotPermittedError("Forbidden"),
        );
      }
      if (SHAPES[kind](input.body) === null) {
        throw refuse(
          "shape",
          "Daraja callback without the expected shape refused",
          { kind, sourceIp: input.sourceIp },
          new InvalidInputError("Unexpected callback body"),
        );
      }
      const detail: DarajaEventDetail = {
        kind: EVENT_TYPES[kind],
        body: input.body,
        sourceIp: input.sourceIp,
        receivedAt: clock.now().toISOString(),
      };
      await publisher.publish(detail);
    },
  };
}

export type CallbackIngest = ReturnType<typeof createCallbackIngest>;
