import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { nairobiParts } from "./time.js";

/**
 * Identifiers shaped like the ones Daraja issues (mpesa.md §1.3, §1.6, §6), so a client's parsing, logging and
 * storage are exercised with realistic values. Every generator that a client might use as a key is unique per
 * simulator instance.
 */
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function pick(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

const digits = (length: number) => pick("0123456789", length);
const hex = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString("hex")
    .slice(0, length);

/**
 * Receipts start with a letter for the year (`L` = 2017 … `T` = 2025) and one for the month (`A` = January …
 * `L` = December) — observed, not documented (mpesa.md §1.4), but it makes simulated receipts look right.
 */
export function receiptPrefix(at: Date): string {
  const { fullYear, monthIndex } = nairobiParts(at);
  const yearLetter = ALPHANUMERIC[10 + ((((fullYear - 2017 + 11) % 26) + 26) % 26)] ?? "X";
  const monthLetter = ALPHANUMERIC[10 + monthIndex] ?? "X";
  return `${yearLetter}${monthLetter}`;
}

export class IdFactory {
  private readonly issued = new Set<string>();
  private merchantRequests = 0;

  constructor(private readonly now: () => Date) {}

  /** Daraja tokens are 28 alphanumerics. */
  accessToken(): string {
    return pick(TOKEN_ALPHABET, 28);
  }

  /** `requestId` of an error envelope, in the `digits-digits-digit` shape (e.g. `11728-2929992-1`). */
  requestId(): string {
    return `${digits(5)}-${digits(8)}-${randomInt(1, 4)}`;
  }

  /**
   * Both shapes seen in the wild, alternating, so a client cannot come to depend on one of them:
   * `29115-34620561-1` and the newer `2654-4b64-97ff-b827b542881d3130`.
   */
  merchantRequestId(): string {
    this.merchantRequests += 1;
    const id =
      this.merchantRequests % 2 === 1
        ? `${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}${digits(4)}`
        : `${digits(5)}-${digits(8)}-${randomInt(1, 4)}`;
    return this.unique(id, () => this.merchantRequestId());
  }

  /** `ws_CO_` + DDMMYYYYHHmmss + 3-digit ms + the 9 MSISDN digits after 254. */
  checkoutRequestId(msisdn: string, at: Date): string {
    for (let offset = 0; ; offset++) {
      const p = nairobiParts(new Date(at.getTime() + offset));
      const id = `ws_CO_${p.day}${p.month}${p.year}${p.hour}${p.minute}${p.second}${p.millis}${msisdn.slice(3)}`;
      if (!this.issued.has(id)) {
        this.issued.add(id);
        return id;
      }
    }
  }

  /** `AG_YYYYMMDD_` + 20 hex digits. */
  conversationId(): string {
    const p = nairobiParts(this.now());
    return this.unique(`AG_${p.year}${p.month}${p.day}_${hex(20)}`, () => this.conversationId());
  }

  /** The OriginatorConversationID Daraja makes up when the caller sends none (v1 B2C, Transaction Status). */
  originatorConversationId(): string {
    return this.unique(`${digits(5)}-${digits(8)}-${randomInt(1, 4)}`, () => this.originatorConversationId());
  }

  /**
   * C2B's `OriginatorCoversationID` (Safaricom's spelling): v2 answers in the hex shape with seven trailing digits
   * (`53e3-4aa8-9fe0-8fb5e4092cdd3405976`), v1 in the older digits shape (`25347-1572760-1`).
   */
  c2bOriginatorConversationId(version: "v1" | "v2"): string {
    if (version === "v1") return this.originatorConversationId();
    return this.unique(`${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}${digits(7)}`, () =>
      this.c2bOriginatorConversationId(version),
    );
  }

  /** Pull Transactions' `ResponseRefID`, a UUID. */
  pullReference(): string {
    return randomUUID();
  }

  /** 10 uppercase alphanumerics starting with the year and month letters. */
  receipt(at: Date): string {
    return this.unique(`${receiptPrefix(at)}${pick(ALPHANUMERIC, 8)}`, () => this.receipt(at));
  }

  /**
   * The `TransactionID` of results that carry no real receipt (failed B2C, status and balance queries): the first
   * three receipt characters and zeros, as in observed payloads (`MBN0000000`, `TAH0000000`).
   */
  placeholderTransactionId(at: Date): string {
    return `${receiptPrefix(at)}${pick(ALPHANUMERIC, 1)}0000000`;
  }

  private unique(candidate: string, retry: () => string): string {
    if (this.issued.has(candidate)) return retry();
    this.issued.add(candidate);
    return candidate;
  }
}
