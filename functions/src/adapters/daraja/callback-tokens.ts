/**
 * The path token of each kind of Daraja callback (design.md §13.3). Daraja's callbacks are unsigned, so the secret in
 * the path is what lets one in; with one token for every kind, a leaked STK callback URL (it travels in every STK
 * push request) would also let its holder post Paybill confirmations. Each kind's token is derived from the one
 * secret (MPESA_CALLBACK_TOKEN) as an HMAC of the kind's name: nothing new to provision or rotate, one rotation
 * renews them all, the routes stay as they are, and no kind's token tells anything about another's (ARCHITECTURE.md,
 * "Trust chain").
 */
import { createHmac } from "node:crypto";
import { CALLBACK_KINDS } from "./daraja.js";

/** Every path Daraja calls us on: the callback ingest's kinds, and the Paybill's validation URL. */
export const CALLBACK_PATH_KINDS = [...CALLBACK_KINDS, "c2b-validation"] as const;
export type CallbackPathKind = (typeof CALLBACK_PATH_KINDS)[number];

/** The token in `/hooks/daraja/<kind>/<token>`: 64 hex digits. */
export function callbackPathToken(secret: string, kind: CallbackPathKind): string {
  return createHmac("sha256", secret).update(`jengafund/daraja-callback/${kind}`).digest("hex");
}
