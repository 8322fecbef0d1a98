import type { TokenStore } from "./auth.js";
import type { CallbackDispatcher, CallbackKind } from "./callbacks.js";
import type { SimulatorConfig } from "./config.js";
import { invalidPayload } from "./errors.js";
import type { SimRequest } from "./http.js";
import type { IdFactory } from "./ids.js";
import type { Deliveries } from "./outcomes.js";
import type { PhoneBehaviours } from "./phone-behaviours.js";
import type { Scheduler } from "./scheduler.js";
import { type Body, blockedUrlWord } from "./validation.js";

/** The shared services every API module is built from (one set per simulator instance). */
export interface SimContext {
  /** `callbackDelayMs` is changed at runtime by `POST /__sim/settings`; the rest is fixed at start. */
  config: SimulatorConfig;
  ids: IdFactory;
  tokens: TokenStore;
  scheduler: Scheduler;
  callbacks: CallbackDispatcher;
  /** Numbers told at run time to act as a special number (`PUT /__sim/phones/{msisdn}`). */
  phones: PhoneBehaviours;
}

/** How a result left (or did not leave) the simulator, shown on its transaction record. */
export type DeliveryNote = "pending" | "sent" | "sent twice" | "dropped by scenario" | `dropped: ${string}`;

/**
 * Delivers a result the number of times its scenario says. Duplicates go out concurrently: that is the harder case
 * for the receiver's idempotency (several copies racing into the same settlement), and it has been observed
 * (mpesa.md §2.1: 2–4 copies in quick succession).
 */
export function deliverResult(
  ctx: SimContext,
  kind: CallbackKind,
  relatesTo: string,
  url: string,
  body: unknown,
  deliveries: Deliveries,
): DeliveryNote {
  if (deliveries === 0) return "dropped by scenario";
  const blocked = ctx.config.enforceCallbackUrlRules ? blockedUrlWord(url) : undefined;
  if (blocked) return `dropped: the URL contains "${blocked}", which Daraja filters (mpesa.md §1.1)`;
  for (let attempt = 1; attempt <= deliveries; attempt++) {
    void ctx.callbacks.send(kind, relatesTo, attempt, url, body);
  }
  return deliveries === 2 ? "sent twice" : "sent";
}

/** The request body as an object; a body that is not a JSON object is "Invalid Request Payload". */
export function bodyOf(req: SimRequest): Body {
  if (req.bodyError) throw invalidPayload();
  if (req.body === undefined || req.body === null) return {};
  if (typeof req.body !== "object" || Array.isArray(req.body)) throw invalidPayload();
  return req.body as Body;
}
