import { type CallbackPathKind, callbackPathToken } from "../../adapters/daraja/callback-tokens.js";
import {
  holdsSealedKeys,
  parseC2bPayment,
  parsePayoutResult,
  parseStatusResult,
  parseStkCallback,
  withHashedPhoneNumbers,
  withSettlementKeysOpened,
} from "../../adapters/daraja/callbacks.js";
import { CALLBACK_KINDS, type CallbackKind } from "../../adapters/daraja/daraja.js";
import { openSettlementKey, sealSettlementKey } from "../../adapters/daraja/settlement-keys.js";
import { sameSecret } from "../../kernel/caller.js";
import { type DomainError, InvalidInputError, NotFoundError, NotPermittedError } from "../../kernel/errors.js";
import type { Log } from "../../kernel/log.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import type { DarajaEventDetail, DarajaEventType, EventPublisher } from "../../kernel/records.js";

/** What checks a Daraja callback at the door: its path token and its source address. */
export interface CallbackDoorDeps {
  /** The one secret each kind's path token is derived from (payments/callback-tokens.ts). */
  callbackToken: () => Promise<string>;
  /** Empty: any source is accepted (and logged). */
  allowedIps: string[];
  log: Log;
  metrics: MetricsPort;
}

export interface CallbackIngestDeps extends CallbackDoorDeps {
  publisher: EventPublisher;
  clock: { now(): Date };
}

/** Why a callback was refused at the door; logged and counted by reason (CallbacksRejected). */
export type CallbackRejection = "unknown-path" | "source-address" | "shape";

const EVENT_TYPES: Record<CallbackKind, DarajaEventType> = {
  stk: "StkCallback",
  "b2c-result": "B2cResult",
  "b2c-timeout": "B2cTimeout",
  "status-result": "StatusResult",
  "status-timeout": "StatusTimeout",
  "c2b-confirmation": "C2bConfirmation",
};

const SHAPES: Record<CallbackKind, (body: unknown) => unknown> = {
  stk: parseStkCallback,
  "b2c-result": parsePayoutResult,
  "b2c-timeout": parsePayoutResult,
  "status-result": parseStatusResult,
  "status-timeout": parseStatusResult,
  "c2b-confirmation": parseC2bPayment,
};

/** Daraja's answer once a callback is on the bus: a C2B confirmation is acknowledged "Success" (mpesa.md §9.A). */
const ACKNOWLEDGEMENTS: Partial<Record<CallbackKind, string>> = { "c2b-confirmation": "Success" };

/**
 * Daraja callbacks are unsigned, so the path carries a secret token, and the source address is checked against the
 * allow-list: the ingest and the Paybill validation endpoint (services/paybill.ts) both let a callback in here. Each
 * kind has a token of its own, so the URL of one kind (an STK push carries its callback URL) opens no other.
 */
export function createCallbackDoor({ callbackToken, allowedIps, log, metrics }: CallbackDoorDeps) {
  function refuse(reason: CallbackRejection, message: string, details: Record<string, unknown>, answer: DomainError) {
    log("warn", message, { ...details, rejection: reason });
    metrics.count("CallbacksRejected", reason);
    return answer;
  }

  return {
    refuse,
    /**
     * Throws the refusal unless `kind` is one of ours (undefined: not), the token that kind's and the source allowed.
     */
    async admit<Kind extends CallbackPathKind>(
      kind: Kind | undefined,
      input: { token: string; sourceIp: string },
    ): Promise<Kind> {
      // A wrong token, another kind's included, looks exactly like a path that does not exist.
      if (!kind || !sameSecret(input.token, callbackPathToken(await callbackToken(), kind))) {
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
      return kind;
    },
  };
}

export type CallbackDoor = ReturnType<typeof createCallbackDoor>;

/**
 * Daraja callbacks are unsigned, so the path carries a secret token; the source address is checked against the
 * allow-list; the body must have the envelope's shape. Then the callback goes on the bus, its phone numbers hashed
 * and the keys settlement finds its record by sealed (the bus's archive keeps it a year), and Daraja gets its 200 at
 * once: settlement happens in the settle handler, idempotently.
 */
export function createCallbackIngest({ publisher, clock, ...doorDeps }: CallbackIngestDeps) {
  const door = createCallbackDoor(doorDeps);
  return {
    /** Checks the callback and puts it on the bus; resolves to the acknowledgement Daraja is answered with. */
    async receive(input: { kind: string; token: string; body: unknown; sourceIp: string }) {
      const kind = await door.admit(
        CALLBACK_KINDS.find((k) => k === input.kind),
        input,
      );
      if (SHAPES[kind](input.body) === null) {
        throw door.refuse(
          "shape",
          "Daraja callback without the expected shape refused",
          { kind, sourceIp: input.sourceIp },
          new InvalidInputError("Unexpected callback body"),
        );
      }
      const secret = await doorDeps.callbackToken();
      const detail: DarajaEventDetail = {
        kind: EVENT_TYPES[kind],
        body: withHashedPhoneNumbers(input.body, (value) => sealSettlementKey(value, secret)),
        sourceIp: input.sourceIp,
        receivedAt: clock.now().toISOString(),
      };
      await publisher.publish(detail);
      return { ResultCode: 0, ResultDesc: ACKNOWLEDGEMENTS[kind] ?? "Accepted" };
    },
  };
}

export type CallbackIngest = ReturnType<typeof createCallbackIngest>;

/**
 * A callback from the bus as settlement reads it: the keys the ingest sealed, opened with the same secret. An event
 * with none sealed (archived before sealing, or built by hand) needs no secret and is read as it is.
 */
export function createCallbackOpener({ callbackToken }: Pick<CallbackDoorDeps, "callbackToken">) {
  return async (body: unknown): Promise<unknown> => {
    if (!holdsSealedKeys(body)) return body;
    const secret = await callbackToken();
    try {
      return withSettlementKeysOpened(body, (value) => openSettlementKey(value, secret));
    } catch {
      // Sealed under another callback token (before a rotation): reconciliation settles what it was about.
      throw new Error("The callback's settlement keys cannot be opened with the current callback token");
    }
  };
}
