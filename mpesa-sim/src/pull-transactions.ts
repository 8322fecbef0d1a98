import type { C2bApi, C2bRecord } from "./c2b.js";
import { bodyOf, type SimContext } from "./context.js";
import { invalidField, invalidPullShortCode } from "./errors.js";
import { ok, type Reply, type SimRequest } from "./http.js";
import { customerName } from "./outcomes.js";
import { normaliseMsisdn } from "./phone-behaviours.js";
import type { StkApi, StkRecord } from "./stk.js";
import { type Body, digitString, requireUrl } from "./validation.js";

/**
 * Pull Transactions (mpesa.md §9.A B.7), C2B's reconciliation companion: a short code registers once, then asks for
 * the completed C2B payments of a time window, whether or not their confirmation ever reached the product. An M-Pesa
 * Express payment to a PayBill is a pay-bill payment on that short code like any other: it is listed too, with the
 * push's AccountReference as its bill reference and its receipt as the transaction id. Only the last 48 hours can be
 * pulled; pages are rows from `OffSetValue`, in the order the payments completed. The registration's CallBackURL is kept but never
 * called: the query answers synchronously, as in every observed response.
 */
export interface PullRegistration {
  shortCode: string;
  nominatedNumber: string;
  callbackUrl: string;
  registeredAt: string;
}

/** One row of a query answer, Safaricom's lowercase keys and all. */
export interface PulledTransaction {
  transactionId: string;
  /** ISO 8601 in UTC, without milliseconds (`2020-08-05T10:13:00Z`). */
  trxDate: string;
  /** The payer's number without its 254 prefix, as a number (`722000000`). */
  msisdn: number;
  sender: string;
  transactiontype: string;
  billreference: string;
  /** Decimal string (`"168.00"`). */
  amount: string;
  organizationname: string;
}

/** Rows per answer; a longer window is read page by page with `OffSetValue`. */
export const PULL_PAGE_SIZE = 100;
const PULLABLE_MS = 48 * 60 * 60 * 1000;
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
export const ORGANIZATION_NAME = "JengaFund Sim PayBill";

const TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  CustomerPayBillOnline: "c2b-pay-bill-debit",
  CustomerBuyGoodsOnline: "c2b-buy-goods-debit",
};

/**
 * `YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD HH:mm` in Nairobi time, as the documentation writes the window (its own
 * sample has a one-digit hour and three-digit seconds, so both are tolerated); undefined when it is not a real time.
 */
export function parsePullDate(value: unknown): Date | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2})(?::(\d{2,3}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day) return undefined;
  return new Date(local.getTime() - NAIROBI_OFFSET_MS);
}

function requirePullShortCode(body: Body): string {
  const value = digitString(body.ShortCode);
  if (value === undefined || !/^\d{5,7}$/.test(value)) throw invalidPullShortCode();
  return value;
}

/** A completed payment to a short code, whichever way it was made. */
interface CompletedPayment {
  shortCode: string;
  completedAt: string;
  row: PulledTransaction;
}

function pulledC2b(record: C2bRecord): PulledTransaction {
  return {
    transactionId: record.transId ?? "",
    trxDate: new Date(record.completedAt ?? record.createdAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
    msisdn: Number(record.msisdn.slice(3)),
    sender: customerName(record.msisdn).split(" ")[0] ?? "",
    transactiontype: TRANSACTION_TYPES[record.commandId] ?? "c2b-pay-bill-debit",
    billreference: record.billRefNumber,
    amount: record.amount.toFixed(2),
    organizationname: ORGANIZATION_NAME,
  };
}

function pulledStk(record: StkRecord): PulledTransaction {
  return {
    transactionId: record.mpesaReceiptNumber ?? "",
    trxDate: new Date(record.completedAt ?? record.decidesAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
    msisdn: Number(record.partyA.slice(3)),
    sender: customerName(record.partyA).split(" ")[0] ?? "",
    transactiontype: TRANSACTION_TYPES[record.transactionType] ?? "c2b-pay-bill-debit",
    billreference: record.accountReference,
    amount: record.amount.toFixed(2),
    organizationname: ORGANIZATION_NAME,
  };
}

export function createPullTransactionsApi(ctx: SimContext, c2b: C2bApi, stk: Pick<StkApi, "list">) {
  const { config, ids } = ctx;
  const registrations = new Map<string, PullRegistration>();

  function register(req: SimRequest): Reply {
    const body = bodyOf(req);
    const shortCode = requirePullShortCode(body);
    if (body.RequestType !== "Pull") throw invalidField("RequestType");
    const nominatedNumber = normaliseMsisdn(body.NominatedNumber);
    if (nominatedNumber === undefined) throw invalidField("NominatedNumber");
    const callbackUrl = requireUrl(body, "CallBackURL");
    const known = registrations.has(shortCode);
    if (!known) {
      registrations.set(shortCode, {
        shortCode,
        nominatedNumber,
        callbackUrl,
        registeredAt: config.now().toISOString(),
      });
    }
    return ok({
      ResponseRefID: ids.pullReference(),
      ResponseStatus: known ? "1001" : "1000",
      ShortCode: shortCode,
      ResponseDescription: known ? "ShortCode already Registered" : "Shortcode Registered Successfully",
    });
  }

  function query(req: SimRequest): Reply {
    const body = bodyOf(req);
    const shortCode = requirePullShortCode(body);
    // Pulling needs the one-time registration first.
    if (!registrations.has(shortCode)) throw invalidPullShortCode();
    const start = parsePullDate(body.StartDate);
    if (start === undefined) throw invalidField("StartDate");
    const end = parsePullDate(body.EndDate);
    if (end === undefined || end < start) throw invalidField("EndDate");
    const offsetText = body.OffSetValue === undefined ? "0" : digitString(body.OffSetValue);
    if (offsetText === undefined) throw invalidField("OffSetValue");
    const offset = Number(offsetText);

    const oldest = config.now().getTime() - PULLABLE_MS;
    const completed: CompletedPayment[] = [
      ...c2b
        .list()
        .flatMap((record) =>
          record.status === "completed" && record.completedAt
            ? [{ shortCode: record.shortCode, completedAt: record.completedAt, row: pulledC2b(record) }]
            : [],
        ),
      ...stk
        .list()
        .flatMap((record) =>
          record.status === "succeeded" && record.completedAt
            ? [{ shortCode: record.partyB, completedAt: record.completedAt, row: pulledStk(record) }]
            : [],
        ),
    ];
    const rows = completed
      .filter((payment) => payment.shortCode === shortCode)
      .filter((payment) => {
        const at = Date.parse(payment.completedAt);
        // TransTime has whole seconds, and so has the window: compare at that precision.
        const second = Math.floor(at / 1000) * 1000;
        return second >= start.getTime() && second <= end.getTime() && at >= oldest;
      })
      // Stable: payments that completed in the same millisecond keep the order they were made in.
      .sort((a, b) => Date.parse(a.completedAt) - Date.parse(b.completedAt))
      .slice(offset, offset + PULL_PAGE_SIZE)
      .map((payment) => payment.row);
    const reference = ids.pullReference();
    if (rows.length === 0) {
      return ok({
        ResponseRefID: reference,
        ResponseCode: "1001",
        ResponseMessage: "No transactions available for the selected time period.",
        Response: [[]],
      });
    }
    return ok({ ResponseRefID: reference, ResponseCode: "1000", ResponseMessage: "Success", Response: [rows] });
  }

  return { register, query, registrations: (): PullRegistration[] => [...registrations.values()] };
}

export type PullTransactionsApi = ReturnType<typeof createPullTransactionsApi>;
