import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, item, nextOriginatorId, sleep, startHarness, waitFor } from "./support/harness.js";
import type { DarajaResult } from "./support/payloads.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

let pathCounter = 0;
async function pay(overrides: Record<string, unknown> = {}, harness = h) {
  const path = `/hooks/daraja/b2c/result/t${++pathCounter}`;
  const response = await harness.client.b2c({ ResultURL: harness.receiver.url(path), ...overrides });
  expect(response.status).toBe(200);
  return { path, ack: response.body };
}

async function resultOf(path: string, harness = h) {
  const [result] = await harness.receiver.waitForHits<DarajaResult>(path);
  if (!result) throw new Error("no result");
  return result.Result;
}

describe("POST /mpesa/b2c/v3/paymentrequest", () => {
  it("acknowledges with Daraja's ConversationID and echoes the OriginatorConversationID", async () => {
    const id = nextOriginatorId();
    const { ack } = await pay({ OriginatorConversationID: id });
    expect(ack).toEqual({
      ConversationID: expect.stringMatching(/^AG_\d{8}_[0-9a-f]{20}$/),
      OriginatorConversationID: id,
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    });
  });

  it("refuses a repeated OriginatorConversationID with 500.002.1001", async () => {
    const id = nextOriginatorId();
    await pay({ OriginatorConversationID: id });
    const repeat = await h.client.b2c({ OriginatorConversationID: id });
    expect(repeat.status).toBe(500);
    expect(repeat.body).toEqual({
      requestId: expect.any(String),
      errorCode: "500.002.1001",
      errorMessage: "Duplicate OriginatorConversationID.",
    });
  });

  it("requires an OriginatorConversationID on v3 but makes one up on v1", async () => {
    const v3 = await h.client.b2c({ OriginatorConversationID: undefined });
    expect(v3.status).toBe(400);
    expect(v3.body.errorMessage).toBe("Bad Request - Invalid OriginatorConversationID");
    const v1 = await h.client.b2c({ OriginatorConversationID: undefined }, "v1");
    expect(v1.status).toBe(200);
    expect(v1.body.OriginatorConversationID).toMatch(/^\d{5}-\d{8}-\d$/);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["an empty InitiatorName", { InitiatorName: "" }, "InitiatorName"],
    ["an empty SecurityCredential", { SecurityCredential: "" }, "SecurityCredential"],
    ["an unknown CommandID", { CommandID: "PayOut" }, "CommandID"],
    ["a decimal Amount", { Amount: 99.5 }, "Amount"],
    ["a malformed PartyA", { PartyA: "B2C" }, "PartyA"],
    ["a local-format PartyB", { PartyB: "0708374149" }, "PartyB"],
    ["a one-character Remarks", { Remarks: "x" }, "Remarks"],
    ["Remarks over 100 characters", { Remarks: "x".repeat(101) }, "Remarks"],
    ["a bad QueueTimeOutURL", { QueueTimeOutURL: "timeout" }, "QueueTimeOutURL"],
    ["a bad ResultURL", { ResultURL: "https://x.example/r " }, "ResultURL"],
    ["an Occassion over 100 characters", { Occassion: "x".repeat(101) }, "Occassion"],
  ];

  it.each(invalid)("refuses %s with 400.002.02", async (_name, overrides, field) => {
    const { status, body } = await h.client.b2c(overrides);
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` });
  });

  it("accepts the single-s Occasion spelling some SDKs send", async () => {
    const { status } = await h.client.b2c({ Occassion: undefined, Occasion: "Withdrawal" });
    expect(status).toBe(200);
  });
});

describe("B2C results by phone number (design.md §7)", () => {
  it("pays any other number with the full set of ResultParameters", async () => {
    const { path, ack } = await pay({ Amount: 1500 });
    const result = await resultOf(path);
    expect(result).toMatchObject({
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: "The service request is processed successfully.",
      OriginatorConversationID: ack.OriginatorConversationID,
      ConversationID: ack.ConversationID,
      ReferenceData: { ReferenceItem: { Key: "QueueTimeoutURL" } },
    });
    const params = result.ResultParameters?.ResultParameter ?? [];
    const receipt = item(params, "TransactionReceipt")?.Value;
    expect(receipt).toMatch(/^[A-Z]{2}[0-9A-Z]{8}$/);
    expect(result.TransactionID).toBe(receipt);
    expect(item(params, "TransactionAmount")?.Value).toBe(1500);
    expect(item(params, "ReceiverPartyPublicName")?.Value).toMatch(/^254708374149 - [A-Z ]+$/);
    expect(item(params, "TransactionCompletedDateTime")?.Value).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(item(params, "B2CUtilityAccountAvailableFunds")?.Value).toBe(10_000_000 - 1500);
    expect(item(params, "B2CWorkingAccountAvailableFunds")?.Value).toBe(0);
    expect(item(params, "B2CChargesPaidAccountAvailableFunds")?.Value).toBe(-22.4);
    expect(item(params, "B2CRecipientIsRegisteredCustomer")?.Value).toBe("Y");
  });

  const failures: Array<[number, number, string]> = [
    [254700000001, 1, "The balance is insufficient for the transaction."],
    [254700002001, 2001, "The initiator information is invalid."],
    [
      254700002040,
      2040,
      "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
    ],
  ];

  it.each(failures)(
    "fails %d with ResultCode %d, no ResultParameters and a placeholder TransactionID",
    async (phone, code, desc) => {
      const { path } = await pay({ PartyB: phone });
      const result = await resultOf(path);
      expect(result.ResultCode).toBe(code);
      expect(result.ResultDesc).toBe(desc);
      expect(result.ResultParameters).toBeUndefined();
      expect(result.TransactionID).toMatch(/^[A-Z]{2}[0-9A-Z]0{7}$/);
    },
  );

  it.each([254700001032, 254700001037])("pays %d (an STK-only failure number)", async (phone) => {
    const { path } = await pay({ PartyB: phone });
    expect((await resultOf(path)).ResultCode).toBe(0);
  });

  it("delivers the result for 254700000002 twice, identical", async () => {
    const { path } = await pay({ PartyB: 254700000002 });
    const results = await h.receiver.waitForHits<DarajaResult>(path, 2);
    expect(results[0]).toEqual(results[1]);
    expect(results[0]?.Result.ResultCode).toBe(0);
    await sleep(30);
    expect(h.receiver.hitsFor(path)).toHaveLength(2);
  });

  it("never delivers the result for 254700009999, though the payout is made", async () => {
    const { path, ack } = await pay({ PartyB: 254700009999 });
    const record = await waitFor(async () => {
      const { body } = await h.client.inspect<{ b2c: Array<{ originatorConversationId: string; status: string }> }>(
        "transactions",
      );
      const found = body.b2c.find((r) => r.originatorConversationId === ack.OriginatorConversationID);
      return found && found.status !== "processing" ? found : undefined;
    });
    expect(record).toMatchObject({ status: "succeeded", delivery: "dropped by scenario" });
    await sleep(50);
    expect(h.receiver.hitsFor(path)).toHaveLength(0);
  });
});

describe("B2C rules", () => {
  it("fails below KES 10 with ResultCode 2 and above KES 250,000 with ResultCode 3", async () => {
    const low = await pay({ Amount: 9 });
    const high = await pay({ Amount: 250_001 });
    expect((await resultOf(low.path)).ResultCode).toBe(2);
    expect((await resultOf(high.path)).ResultCode).toBe(3);
  });

  it("pays from the Utility account and fails with ResultCode 1 when it is short", async () => {
    const small = await startHarness({ b2cUtilityBalanceKes: 1000 });
    try {
      const first = await pay({ Amount: 600 }, small);
      const firstResult = await resultOf(first.path, small);
      expect(item(firstResult.ResultParameters?.ResultParameter ?? [], "B2CUtilityAccountAvailableFunds")?.Value).toBe(
        400,
      );
      const second = await pay({ Amount: 600 }, small);
      expect((await resultOf(second.path, small)).ResultCode).toBe(1);
      const third = await pay({ Amount: 400 }, small);
      const thirdResult = await resultOf(third.path, small);
      expect(thirdResult.ResultCode).toBe(0);
      expect(item(thirdResult.ResultParameters?.ResultParameter ?? [], "B2CUtilityAccountAvailableFunds")?.Value).toBe(
        0,
      );
    } finally {
      await small.close();
    }
  });

  it("fails a wrong initiator or a plaintext SecurityCredential with 2001, after acknowledging", async () => {
    const wrongName = await pay({ InitiatorName: "someone" });
    const plaintext = await pay({ SecurityCredential: "Safaricom999!*!" });
    expect((await resultOf(wrongName.path)).ResultCode).toBe(2001);
    expect((await resultOf(plaintext.path)).ResultCode).toBe(2001);
  });

  it("fails a payout from a shortcode not enabled for B2C with 2028", async () => {
    const { path } = await pay({ PartyA: 174379 });
    expect((await resultOf(path)).ResultCode).toBe(2028);
  });
});
