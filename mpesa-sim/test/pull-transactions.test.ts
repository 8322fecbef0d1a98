import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nairobiParts } from "../src/time.js";
import { C2B_SHORTCODE, type Harness, startHarness, waitFor } from "./support/harness.js";

/** Pull Transactions, register and query (mpesa.md §9.A B.7): the reconciliation companion of C2B. */
let h: Harness;
let clock: Date | undefined;
beforeEach(async () => {
  clock = undefined;
  h = await startHarness({ now: () => clock ?? new Date() });
});
afterEach(() => h.close());

/** `YYYY-MM-DD HH:mm:ss` in Nairobi time, the window's format. */
function eat(at: Date): string {
  const p = nairobiParts(at);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const minutes = (n: number) => n * 60_000;

interface C2bView {
  originatorConversationId: string;
  status: string;
  transId?: string;
  delivery: string;
}

/** A payment, waited for until it is settled; returns its receipt. */
async function pay(overrides: Record<string, unknown> = {}): Promise<C2bView> {
  const response = await h.client.c2bSimulate(overrides);
  expect(response.status).toBe(200);
  return waitFor(async () => {
    const { body } = await h.client.inspect<{ c2b: C2bView[] }>("transactions");
    const found = body.c2b.find((r) => r.originatorConversationId === response.body.OriginatorCoversationID);
    return found && !["processing", "validating"].includes(found.status) && found.delivery !== "pending"
      ? found
      : undefined;
  });
}

interface PullAnswer {
  ResponseRefID: string;
  ResponseCode: string;
  ResponseMessage: string;
  Response: Array<Array<Record<string, unknown>>>;
}

const window = (from: Date, to: Date, offset = "0") => ({
  StartDate: eat(from),
  EndDate: eat(to),
  OffSetValue: offset,
});

describe("POST /pulltransactions/v1/register", () => {
  it("registers a short code (1000), and answers a second registration with 1001", async () => {
    const first = await h.client.pullRegister();
    expect(first).toEqual({
      status: 200,
      body: {
        ResponseRefID: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ResponseStatus: "1000",
        ShortCode: String(C2B_SHORTCODE),
        ResponseDescription: "Shortcode Registered Successfully",
      },
    });
    const again = await h.client.pullRegister();
    expect(again.body).toMatchObject({ ResponseStatus: "1001", ResponseDescription: "ShortCode already Registered" });
    const { body } = await h.client.inspect<{ pullRegistrations: unknown[] }>("transactions");
    expect(body.pullRegistrations).toEqual([
      expect.objectContaining({ shortCode: String(C2B_SHORTCODE), nominatedNumber: "254722000000" }),
    ]);
  });

  it("refuses a bad short code (400.001), RequestType, NominatedNumber or CallBackURL (400.002.02)", async () => {
    expect((await h.client.pullRegister({ ShortCode: "12" })).body).toMatchObject({
      errorCode: "400.001",
      errorMessage: "Invalid ShortCode",
    });
    for (const [overrides, field] of [
      [{ RequestType: "Push" }, "RequestType"],
      [{ NominatedNumber: "12345" }, "NominatedNumber"],
      [{ CallBackURL: "not a url" }, "CallBackURL"],
    ] as const) {
      const response = await h.client.pullRegister(overrides);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` });
    }
    expect((await h.client.inspect<{ pullRegistrations: unknown[] }>("transactions")).body.pullRegistrations).toEqual(
      [],
    );
  });

  it("refuses a request without the current bearer token with 401.001", async () => {
    const response = await h.client.post("/pulltransactions/v1/register", {}, "stale");
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ errorCode: "401.001", errorMessage: "Invalid Access Token" });
  });
});

describe("POST /pulltransactions/v1/query", () => {
  it("refuses a short code that never registered for Pull (400.001)", async () => {
    const response = await h.client.pullQuery();
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: "400.001", errorMessage: "Invalid ShortCode" });
  });

  it("returns the completed payments of the window, rows nested one level deeper, Safaricom's lowercase keys", async () => {
    await h.client.pullRegister();
    const from = new Date(Date.now() - minutes(1));
    const paid = await pay({ Amount: 1250, BillRefNumber: "0712345678", Msisdn: 254712345678 });
    const response = await h.client.pullQuery(window(from, new Date(Date.now() + minutes(1))));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ResponseRefID: expect.any(String),
      ResponseCode: "1000",
      ResponseMessage: "Success",
      Response: [
        [
          {
            transactionId: paid.transId,
            trxDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
            msisdn: 712345678,
            sender: expect.any(String),
            transactiontype: "c2b-pay-bill-debit",
            billreference: "0712345678",
            amount: "1250.00",
            organizationname: expect.any(String),
          },
        ],
      ],
    });
    const [[row]] = (response.body as unknown as PullAnswer).Response as [[Record<string, unknown>]];
    expect(Math.abs(Date.parse(String(row.trxDate)) - Date.now())).toBeLessThan(minutes(1));
  });

  it("finds payments whose confirmation was never delivered or whose short code registered no URLs", async () => {
    await h.client.pullRegister();
    await h.client.registerC2bUrls({
      ConfirmationURL: h.receiver.url("/hooks/c2b/confirmation/pull"),
      ValidationURL: h.receiver.url("/hooks/c2b/validation/pull"),
    });
    const from = new Date(Date.now() - minutes(1));
    const lost = await pay({ Msisdn: 254700009999 });
    expect(lost.delivery).toBe("dropped by scenario");
    const { body } = await h.client.pullQuery(window(from, new Date(Date.now() + minutes(1))));
    expect((body as unknown as PullAnswer).Response[0]?.map((r) => r.transactionId)).toEqual([lost.transId]);
    expect(h.receiver.hitsFor("/hooks/c2b/confirmation/pull")).toHaveLength(0);
  });

  it("lists M-Pesa Express payments to the PayBill under their AccountReference, and leaves out unpaid prompts", async () => {
    const stkShortCode = "174379";
    const payer = (msisdn: number) => ({ PartyA: msisdn, PhoneNumber: msisdn });
    await h.client.pullRegister({ ShortCode: stkShortCode });
    const from = new Date(Date.now() - minutes(1));
    const paid = await h.client.stkPush({ Amount: 1400, AccountReference: "JF01ABCDEF23", ...payer(254712345678) });
    const refused = await h.client.stkPush({ AccountReference: "JF01ABCDEF24", ...payer(254700000001) });
    const decided = await waitFor(async () => {
      const { body } = await h.client.inspect<{
        stk: { checkoutRequestId: string; status: string; mpesaReceiptNumber?: string }[];
      }>("transactions");
      const mine = body.stk.filter((r) =>
        [paid.body.CheckoutRequestID, refused.body.CheckoutRequestID].includes(r.checkoutRequestId),
      );
      return mine.length === 2 && mine.every((r) => r.status !== "processing") ? mine : undefined;
    });
    const receipt = decided.find((r) => r.checkoutRequestId === paid.body.CheckoutRequestID)?.mpesaReceiptNumber;
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);

    const response = await h.client.pullQuery({
      ShortCode: stkShortCode,
      ...window(from, new Date(Date.now() + minutes(1))),
    });
    expect((response.body as unknown as PullAnswer).Response).toEqual([
      [
        {
          transactionId: receipt,
          trxDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
          msisdn: 712345678,
          sender: expect.any(String),
          transactiontype: "c2b-pay-bill-debit",
          billreference: "JF01ABCDEF23",
          amount: "1400.00",
          organizationname: expect.any(String),
        },
      ],
    ]);
    // The Paybill's own short code lists none of them.
    await h.client.pullRegister();
    const paybill = await h.client.pullQuery(window(from, new Date(Date.now() + minutes(1))));
    expect(paybill.body).toMatchObject({ ResponseCode: "1001", Response: [[]] });
  });

  it("leaves out bounced payments and other short codes' payments", async () => {
    await h.client.pullRegister();
    await h.client.registerC2bUrls({
      ConfirmationURL: h.receiver.url("/hooks/c2b/confirmation/bounce"),
      ValidationURL: h.receiver.url("/hooks/c2b/validation/bounce"),
    });
    h.receiver.answerBody("/hooks/c2b/validation/bounce", { ResultCode: "C2B00012", ResultDesc: "Rejected" });
    const from = new Date(Date.now() - minutes(1));
    expect((await pay()).status).toBe("cancelled");
    expect((await pay({ ShortCode: 600999 })).status).toBe("completed");
    const response = await h.client.pullQuery(window(from, new Date(Date.now() + minutes(1))));
    expect(response.body).toEqual({
      ResponseRefID: expect.any(String),
      ResponseCode: "1001",
      ResponseMessage: "No transactions available for the selected time period.",
      Response: [[]],
    });
  });

  it("answers only for the window asked, and pages by row offset", async () => {
    await h.client.pullRegister();
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000 - minutes(30));
    clock = t0;
    const early = await pay({ BillRefNumber: "EARLY" });
    clock = new Date(t0.getTime() + minutes(10));
    const middle = await pay({ BillRefNumber: "MIDDLE" });
    clock = new Date(t0.getTime() + minutes(20));
    const late = await pay({ BillRefNumber: "LATE" });
    clock = undefined;

    const ids = async (from: Date, to: Date, offset = "0") => {
      const { body } = await h.client.pullQuery(window(from, to, offset));
      return (body as unknown as PullAnswer).Response[0]?.map((r) => r.transactionId);
    };
    const at = (m: number) => new Date(t0.getTime() + minutes(m));
    expect(await ids(at(-1), at(25))).toEqual([early.transId, middle.transId, late.transId]);
    expect(await ids(at(5), at(15))).toEqual([middle.transId]);
    expect(await ids(at(10), at(20))).toEqual([middle.transId, late.transId]);
    expect(await ids(at(-1), at(25), "1")).toEqual([middle.transId, late.transId]);
    expect(await ids(at(-1), at(25), "3")).toEqual([]);
    expect(await ids(at(21), at(25))).toEqual([]);
  });

  it("keeps only the last 48 hours", async () => {
    await h.client.pullRegister();
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    clock = start;
    const paid = await pay();
    // A token lives an hour: take a fresh one at each moved clock.
    const query = async () => {
      await h.client.authenticate();
      return h.client.pullQuery(window(new Date(start.getTime() - minutes(1)), new Date(start.getTime() + minutes(1))));
    };
    clock = new Date(start.getTime() + minutes(47 * 60));
    expect((await query()).body).toMatchObject({ ResponseCode: "1000", Response: [[{ transactionId: paid.transId }]] });
    clock = new Date(start.getTime() + minutes(49 * 60));
    expect((await query()).body).toMatchObject({ ResponseCode: "1001", Response: [[]] });
  });

  it("reads the window in the documentation's forms, and refuses other dates with 400.002.02", async () => {
    await h.client.pullRegister();
    expect((await h.client.pullQuery({ StartDate: "2020-08-04 8:36:00", EndDate: "2020-08-04 10:10" })).status).toBe(
      200,
    );
    for (const [overrides, field] of [
      [{ StartDate: "04/08/2020 08:36" }, "StartDate"],
      [{ StartDate: "2020-02-30 08:36:00" }, "StartDate"],
      [{ EndDate: "2020-08-04T10:10:00Z" }, "EndDate"],
      [{ EndDate: "2020-08-04 08:00:00" }, "EndDate"],
      [{ OffSetValue: "-1" }, "OffSetValue"],
    ] as const) {
      const response = await h.client.pullQuery(overrides);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` });
    }
  });
});
