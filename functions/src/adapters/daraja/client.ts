import { nairobiWallClock, normalizeMpesaReceipt } from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import type { TokenCache } from "../../kernel/records.js";
import { decimalKesToCents, resultCodeOf } from "./callbacks.js";
import {
  type B2cRequest,
  type CallbackKind,
  DarajaError,
  type DarajaPort,
  type PaybillDarajaPort,
  type PulledPayment,
  type StkQueryResult,
} from "./daraja.js";

export interface DarajaSettings {
  baseUrl: string;
  shortcode: string;
  transactionType: "CustomerPayBillOnline" | "CustomerBuyGoodsOnline";
  b2cShortcode: string;
  initiatorName: string;
  /** Public URL of a callback route, token included. */
  callbackUrl: (kind: CallbackKind) => Promise<string>;
  secrets: {
    consumerKey: () => Promise<string>;
    consumerSecret: () => Promise<string>;
    passkey: () => Promise<string>;
    securityCredential: () => Promise<string>;
  };
}

const REQUEST_TIMEOUT_MS = 10_000;
/** Renew a little before Daraja's 3599 s, so a token never expires in flight. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** Daraja sends numbers as strings in some answers and as numbers in others. */
const num = (value: unknown): number => (typeof value === "number" ? value : Number(String(value ?? "").trim()));

/** YYYYMMDDHHmmss in Nairobi time: the same string goes into the password and the body. */
export function darajaTimestamp(at: Date): string {
  return nairobiWallClock(at).replace(/[-:T]/g, "").slice(0, 14);
}

/** Daraja silently never calls a callback URL containing one of these words, in any case (mpesa.md §1.1). */
const REFUSED_URL_WORDS = ["m-pesa", "mpesa", "safaricom", "exe", "exec", "cmd", "sql", "query"];

/** Fails loudly on a callback URL Daraja would silently drop (e.g. an API Gateway `execute-api` host name). */
export function assertCallbackUrl(url: string): string {
  const word = REFUSED_URL_WORDS.find((w) => url.toLowerCase().includes(w));
  if (word) {
    throw new Error(`Invalid configuration: the M-Pesa callback URL contains "${word}", which Daraja refuses to call`);
  }
  return url;
}

export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, "utf8").toString("base64");
}

/** `YYYY-MM-DD HH:mm:ss` in Nairobi time: how Pull Transactions takes a window (mpesa.md §9.A B.7). */
export function pullDate(at: Date): string {
  return nairobiWallClock(at).replace("T", " ").slice(0, 19);
}

/** Pull Transactions pages at most this many times per query: a window of an hour is a page or two. */
const MAX_PULL_PAGES = 20;

/** A row of a Pull Transactions answer (Safaricom's lowercase keys), or null when it cannot name a payment. */
export function pulledPaymentOf(row: unknown): PulledPayment | null {
  if (typeof row !== "object" || row === null) return null;
  const fields = row as Record<string, unknown>;
  const transId = normalizeMpesaReceipt(String(fields.transactionId ?? ""));
  const amountCents = decimalKesToCents(fields.amount);
  const completedAt = new Date(String(fields.trxDate ?? ""));
  if (!/^[A-Za-z0-9]{1,30}$/.test(transId) || amountCents === null || amountCents <= 0) return null;
  if (Number.isNaN(completedAt.getTime())) return null;
  // The payer's number without its 254, as a number or a string.
  const digits = String(fields.msisdn ?? "").replace(/\D/g, "");
  return {
    transId,
    completedAt,
    amountCents,
    billRefNumber: String(fields.billreference ?? ""),
    msisdn: digits.length === 9 ? `254${digits}` : digits,
    payerName: String(fields.sender ?? ""),
    transactionType: String(fields.transactiontype ?? ""),
  };
}

export function createDarajaClient(
  settings: DarajaSettings,
  cache: TokenCache,
  clock: Clock,
): DarajaPort & PaybillDarajaPort {
  let memo: { token: string; expiresAt: number } | undefined;

  async function fetchJson(
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${settings.baseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { errorCode: String(response.status), errorMessage: text.slice(0, 200) };
    }
    if (!response.ok || typeof body.errorCode === "string") {
      throw new DarajaError(
        response.status,
        String(body.errorCode ?? response.status),
        String(body.errorMessage ?? "Unexpected response"),
      );
    }
    return { status: response.status, body };
  }

  /** `refused`: a token Daraja just called invalid (another container renewed it, or it expired early). */
  async function accessToken(refused?: string): Promise<string> {
    const now = clock.now().getTime();
    if (!refused && memo && memo.expiresAt - TOKEN_MARGIN_MS > now) return memo.token;
    // Generating a token invalidates everyone else's: first look for one another container already renewed.
    const shared = await cache.get();
    if (shared && shared.token !== refused && shared.expiresAt - TOKEN_MARGIN_MS > now) {
      memo = shared;
      return shared.token;
    }
    const basic = Buffer.from(
      `${await settings.secrets.consumerKey()}:${await settings.secrets.consumerSecret()}`,
    ).toString("base64");
    const { body } = await fetchJson("/oauth/v1/generate?grant_type=client_credentials", {
      method: "GET",
      headers: { authorization: `Basic ${basic}` },
    });
    const token = String(body.access_token ?? "");
    if (!token) throw new DarajaError(502, "token", "No access token in the OAuth answer");
    memo = { token, expiresAt: now + num(body.expires_in || 3599) * 1000 };
    await cache.put(memo.token, memo.expiresAt);
    return token;
  }

  /** A Daraja POST with the bearer token; an invalid token (another container renewed it) is renewed once. */
  async function post(path: string, payload: Record<string, unknown>) {
    let refused: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const token = await accessToken(refused);
      try {
        return await fetchJson(path, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(payload),
        });
      } catch (error) {
        if (error instanceof DarajaError && error.isInvalidToken && attempt === 1) {
          refused = token;
          continue;
        }
        throw error;
      }
    }
  }

  async function stkCredentials() {
    const timestamp = darajaTimestamp(clock.now());
    return {
      BusinessShortCode: num(settings.shortcode),
      Password: stkPassword(settings.shortcode, await settings.secrets.passkey(), timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    async stkPush(request) {
      const { body } = await post("/mpesa/stkpush/v1/processrequest", {
        ...(await stkCredentials()),
        TransactionType: settings.transactionType,
        Amount: request.amountKes,
        PartyA: num(request.phoneNumber),
        PartyB: num(settings.shortcode),
        PhoneNumber: num(request.phoneNumber),
        CallBackURL: await settings.callbackUrl("stk"),
        AccountReference: request.accountReference.slice(0, 12),
        TransactionDesc: request.description.slice(0, 13),
      });
      if (num(body.ResponseCode) !== 0 || typeof body.CheckoutRequestID !== "string") {
        throw new DarajaError(
          502,
          String(body.ResponseCode ?? "unknown"),
          String(body.ResponseDescription ?? "STK push not accepted"),
        );
      }
      return { checkoutRequestId: body.CheckoutRequestID, merchantRequestId: String(body.MerchantRequestID ?? "") };
    },

    async stkQuery(checkoutRequestId): Promise<StkQueryResult> {
      try {
        const { body } = await post("/mpesa/stkpushquery/v1/query", {
          ...(await stkCredentials()),
          CheckoutRequestID: checkoutRequestId,
        });
        const resultCode = resultCodeOf(body.ResultCode);
        // 4999 is answered while a payment is still settling: not a result.
        if (resultCode === undefined || resultCode === "4999") return { state: "pending" };
        return { state: "final", resultCode, resultDesc: String(body.ResultDesc ?? "") };
      } catch (error) {
        // In flight, Daraja answers with an error envelope; too early, it does not know the id yet.
        if (
          error instanceof DarajaError &&
          (/being processed/i.test(error.errorMessage) || /Invalid CheckoutRequestID/i.test(error.errorMessage))
        ) {
          return { state: "pending" };
        }
        throw error;
      }
    },

    async b2cPayment(request: B2cRequest) {
      const { body } = await post("/mpesa/b2c/v3/paymentrequest", {
        OriginatorConversationID: request.originatorConversationId,
        InitiatorName: settings.initiatorName,
        SecurityCredential: await settings.secrets.securityCredential(),
        CommandID: "BusinessPayment",
        Amount: request.amountKes,
        PartyA: num(settings.b2cShortcode),
        PartyB: num(request.phoneNumber),
        Remarks: request.remarks.slice(0, 100),
        QueueTimeOutURL: await settings.callbackUrl("b2c-timeout"),
        ResultURL: await settings.callbackUrl("b2c-result"),
        Occassion: "",
      });
      return { conversationId: String(body.ConversationID ?? "") };
    },

    async transactionStatus(originatorConversationId) {
      const { body } = await post("/mpesa/transactionstatus/v1/query", {
        Initiator: settings.initiatorName,
        SecurityCredential: await settings.secrets.securityCredential(),
        CommandID: "TransactionStatusQuery",
        OriginalConversationID: originatorConversationId,
        PartyA: num(settings.b2cShortcode),
        IdentifierType: "4",
        ResultURL: await settings.callbackUrl("status-result"),
        QueueTimeOutURL: await settings.callbackUrl("status-timeout"),
        Remarks: "Payout reconciliation",
        // Echoed back in the result's ReferenceData: names the payout even when the result carries no parameters.
        Occasion: originatorConversationId,
      });
      return { conversationId: String(body.ConversationID ?? "") };
    },

    async registerC2bUrls(registration) {
      const { body } = await post(`/mpesa/c2b/${registration.apiVersion}/registerurl`, {
        ShortCode: registration.shortCode,
        ResponseType: registration.responseType,
        ConfirmationURL: assertCallbackUrl(registration.confirmationUrl),
        ValidationURL: assertCallbackUrl(registration.validationUrl),
      });
      return { description: String(body.ResponseDescription ?? "") };
    },

    async registerPullTransactions({ shortCode, nominatedNumber, callbackUrl }) {
      const { body } = await post("/pulltransactions/v1/register", {
        ShortCode: shortCode,
        RequestType: "Pull",
        NominatedNumber: nominatedNumber,
        CallBackURL: callbackUrl,
      });
      const description = String(body.ResponseDescription ?? "");
      return { alreadyRegistered: String(body.ResponseStatus) === "1001" || /already/i.test(description), description };
    },

    async pullTransactions({ shortCode, from, to }) {
      const payments: PulledPayment[] = [];
      let rowsRead = 0;
      let unreadableRows = 0;
      for (let page = 0; page < MAX_PULL_PAGES; page++) {
        const { body } = await post("/pulltransactions/v1/query", {
          ShortCode: shortCode,
          StartDate: pullDate(from),
          EndDate: pullDate(to),
          OffSetValue: String(rowsRead),
        });
        // Rows come as a list in a list; "1001" with an empty list: nothing (more) in the window.
        const rows = Array.isArray(body.Response) ? body.Response.flat() : [];
        if (String(body.ResponseCode) !== "1000" || rows.length === 0) break;
        rowsRead += rows.length;
        for (const row of rows) {
          const payment = pulledPaymentOf(row);
          if (payment) payments.push(payment);
          else unreadableRows++;
        }
      }
      return { payments, unreadableRows };
    },
  };
}
