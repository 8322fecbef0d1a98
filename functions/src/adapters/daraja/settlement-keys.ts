/**
 * The two fields of a Daraja callback that settlement finds its record by: the CheckoutRequestID (the deposit's key,
 * which ends in the payer's nine digits) and the BillRefNumber a Paybill payer typed (often the account's phone).
 * They cannot be hashed like the other numbers, since settlement needs them as Daraja sent them. The payments bus, and
 * so its archive, carries them sealed instead: AES-256-GCM under a key derived from the callback token
 * (MPESA_CALLBACK_TOKEN, which the callback route and the settle function already hold; nothing new to provision), a
 * fresh IV for each. Only the settle function opens them. A value that is not sealed (an event archived before
 * sealing, or built by hand) is read as it is.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/** The fields settlement finds its record by. */
export const SETTLEMENT_KEYS: ReadonlySet<string> = new Set(["CheckoutRequestID", "BillRefNumber"]);

const SEALED = "sealed.v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const sealingKey = (secret: string) =>
  createHmac("sha256", secret).update("jengafund/daraja-callback/settlement-keys").digest();

export const isSealed = (value: unknown): value is string => typeof value === "string" && value.startsWith(SEALED);

export function sealSettlementKey(value: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return `${SEALED}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The value a sealed one (`isSealed`) holds; throws if it was sealed under another secret or changed since. */
export function openSettlementKey(value: string, secret: string): string {
  const raw = Buffer.from(value.slice(SEALED.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
