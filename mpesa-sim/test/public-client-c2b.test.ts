import { createRequire } from "node:module";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { C2bPayload } from "../src/c2b.js";
import { C2B_SHORTCODE, CONSUMER, type Harness, startHarness } from "./support/harness.js";

/**
 * A public Daraja client from the npm registry, unchanged, against the simulator (issue 21): Safaricom's own Node
 * library `mpesa-node` (0.1.3). Its C2B calls (register URL and simulate, both on the v1 paths) go to the simulator once
 * its instance's `baseURL` names it, with its own OAuth call before each request; what Daraja answers and then POSTs
 * to the registered URLs must be what the library and a product expect.
 */

/** The part of the library's (untyped, CommonJS) instance this test uses. */
interface MpesaNode {
  baseURL: string;
  c2bRegister(
    confirmationUrl: string,
    validationUrl: string,
    shortCode?: number,
    responseType?: string,
  ): Promise<{ status: number; data: Record<string, unknown> }>;
  c2bSimulate(
    msisdn: number,
    amount: number,
    billRefNumber: string,
    commandId?: string,
    shortCode?: number,
  ): Promise<{ status: number; data: Record<string, unknown> }>;
}

const MpesaNodeClass = createRequire(import.meta.url)("mpesa-node") as new (
  config: Record<string, unknown>,
) => MpesaNode;

let h: Harness;
let mpesa: MpesaNode;
beforeEach(async () => {
  h = await startHarness();
  mpesa = new MpesaNodeClass({
    consumerKey: CONSUMER.key,
    consumerSecret: CONSUMER.secret,
    environment: "sandbox",
    shortCode: C2B_SHORTCODE,
  });
  // The library's only knob for where Daraja is.
  mpesa.baseURL = h.client.baseUrl;
});
afterEach(() => h.close());

/** What axios (inside the library) rejects with on a non-2xx answer. */
interface AxiosFailure {
  response?: { status: number; data: Record<string, unknown> };
}

describe("mpesa-node's C2B calls against the simulator", () => {
  it("registers the URLs (v1, ResponseType Completed by default) and gets Daraja's v1 answer", async () => {
    const answer = await mpesa.c2bRegister(h.receiver.url("/c2b/confirmation"), h.receiver.url("/c2b/validation"));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      OriginatorCoversationID: expect.stringMatching(/^\d{5}-\d{8}-\d$/),
      ResponseCode: "0",
      ResponseDescription: "success",
    });
    const { c2bUrls } = (
      await h.client.inspect<{ c2bUrls: { shortCode: string; responseType: string; apiVersion: string }[] }>(
        "transactions",
      )
    ).body;
    expect(c2bUrls).toEqual([
      expect.objectContaining({ shortCode: String(C2B_SHORTCODE), responseType: "Completed", apiVersion: "v1" }),
    ]);
  });

  it("simulates a Paybill payment: accepted, validated, then confirmed to the registered URLs", async () => {
    await mpesa.c2bRegister(h.receiver.url("/c2b/confirmation"), h.receiver.url("/c2b/validation"));
    const answer = await mpesa.c2bSimulate(254708374149, 250, "0712345678");
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ResponseCode: "0", OriginatorCoversationID: expect.any(String) });

    const [validation] = await h.receiver.waitForHits<C2bPayload>("/c2b/validation");
    const [confirmation] = await h.receiver.waitForHits<C2bPayload>("/c2b/confirmation");
    expect(confirmation).toMatchObject({
      TransactionType: "Pay Bill",
      TransID: validation?.TransID,
      TransAmount: "250.00",
      BusinessShortCode: String(C2B_SHORTCODE),
      BillRefNumber: "0712345678",
      // v1: the payer's number hashed.
      MSISDN: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("sees Daraja's refusals as Daraja sends them: a URL with a filtered word, an unknown command", async () => {
    const refusedUrl = await mpesa
      .c2bRegister(h.receiver.url("/mpesa/confirmation"), h.receiver.url("/c2b/validation"))
      .then(
        () => undefined,
        (error: AxiosFailure) => error.response,
      );
    expect(refusedUrl?.status).toBe(400);
    expect(refusedUrl?.data).toMatchObject({ errorCode: "400.003.02", requestId: expect.any(String) });

    const refusedCommand = await mpesa.c2bSimulate(254708374149, 10, "0712345678", "SalaryPayment").then(
      () => undefined,
      (error: AxiosFailure) => error.response,
    );
    expect(refusedCommand?.status).toBe(400);
    expect(refusedCommand?.data).toMatchObject({ errorMessage: "Bad Request - Invalid CommandID" });
  });
});
