/**
 * Forged Daraja results from someone who knows the callback URL (R15, design.md §9): results must match what we
 * asked for, or they change nothing and are logged with the reason. The whole path runs over real HTTP: simulator,
 * callback route, local event bus, settle handler, DynamoDB Local. STK successes are confirmed with the STK query,
 * as they are in AWS.
 */

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { handler as startDeposit } from "../src/handlers/http/start-deposit.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { readItem, setAttributes } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { dimensionsOf, logLines, metricLines, outputOf } from "./support/output.js";
import { callbackToken, eventually, kindToken, postCallback, usePaymentsStack } from "./support/payments-stack.js";
import { approveWithdrawal, b2cResult, pendingWithdrawal } from "./support/payouts.js";
import { registerUser } from "./support/users.js";

// Confirmed with the STK query before crediting, as in AWS (read by the configuration on first use).
process.env.MPESA_CONFIRM_STK = "true";
const payments = usePaymentsStack();
/** Everything written while `run` ran and the events it caused were settled, parsed. */
const outputOfCallback = (run: () => Promise<void>) =>
  outputOf(async () => {
    await run();
    await payments.stack.bus.idle();
  });

/** The error lines logged while `run` ran, parsed. */
async function errorLogsOf(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  return logLines(await outputOfCallback(run), "ERROR");
}

const withdrawalItem = (id: string) => readItem(keys.withdrawal(id));
const walletOf = async (userId: string) => (await readItem(keys.user(userId)))?.walletBalanceCents;

describe("forged B2C results (R15)", () => {
  /** An approved payout whose real result never arrives (the simulator drops it), with Daraja's ConversationID. */
  async function approvedPayout() {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: "254700009999" });
    await approveWithdrawal(payments.adminToken, withdrawal._id);
    const conversationId = await eventually(async () => (await withdrawalItem(withdrawal._id))?.conversationId);
    return { user, withdrawal, conversationId: String(conversationId) };
  }

  it("does not refund a payout on a failure naming our id but another ConversationID, and logs why", async () => {
    const { user, withdrawal } = await approvedPayout();
    const logs = await errorLogsOf(async () => {
      const forged = b2cResult({
        withdrawalId: withdrawal._id,
        conversationId: "AG_20261123_forged",
        resultCode: 2001,
      });
      expect((await postCallback("b2c-result", forged)).status).toBe(200);
    });
    expect(await withdrawalItem(withdrawal._id)).toMatchObject({ status: "approved" });
    expect(await walletOf(user._id)).toBe(70_000);
    expect(logs).toContainEqual(
      expect.objectContaining({ withdrawalId: withdrawal._id, rejection: "conversation-mismatch" }),
    );
  });

  it("does not complete a payout on a success for another amount, and completes it on the true result", async () => {
    const { user, withdrawal, conversationId } = await approvedPayout();
    const output = await outputOfCallback(async () => {
      await postCallback(
        "b2c-result",
        b2cResult({ withdrawalId: withdrawal._id, conversationId, resultCode: 0, amount: 30, receipt: "TCFORGED01" }),
      );
    });
    expect(await withdrawalItem(withdrawal._id)).toMatchObject({ status: "approved" });
    expect(logLines(output, "ERROR")).toContainEqual(
      expect.objectContaining({ withdrawalId: withdrawal._id, rejection: "amount-mismatch", receivedKes: 30 }),
    );
    // Counted for the alarm (service and stage only) and, on a line of its own, by reason.
    const metrics = metricLines(output);
    const counted = metrics.filter((line) => dimensionsOf(line).includes("service,stage"));
    expect(counted).toContainEqual(
      expect.objectContaining({ AmountMismatches: 1, CallbacksRejected: 1, stage: "local", service: "jengafund" }),
    );
    expect(counted.flatMap((line) => Object.keys(line))).not.toContain("reason");
    const byReason = metrics.filter((line) => dimensionsOf(line).includes("reason,service,stage"));
    expect(byReason).toContainEqual(expect.objectContaining({ CallbacksRejected: 1, reason: "amount-mismatch" }));

    await postCallback(
      "b2c-result",
      b2cResult({ withdrawalId: withdrawal._id, conversationId, resultCode: 0, amount: 300, receipt: "TCTRUE0001" }),
    );
    await payments.stack.bus.idle();
    expect(await withdrawalItem(withdrawal._id)).toMatchObject({
      status: "completed",
      mpesaTransactionId: "TCTRUE0001",
    });
    expect(await walletOf(user._id)).toBe(70_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("ignores a Transaction Status answer to a query we did not send", async () => {
    const { user, withdrawal, conversationId } = await approvedPayout();
    await setAttributes(keys.withdrawal(withdrawal._id), { statusConversationId: "AG_20261123_our_query" });
    const statusResult = (queryConversationId: string, status: string) => ({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        OriginatorConversationID: "status-query",
        ConversationID: queryConversationId,
        TransactionID: "UKB0000000",
        ResultParameters: {
          ResultParameter: [
            { Key: "OriginatorConversationID", Value: withdrawal._id },
            { Key: "ConversationID", Value: conversationId },
            { Key: "TransactionStatus", Value: status },
            { Key: "Amount", Value: 300 },
          ],
        },
      },
    });
    const logs = await errorLogsOf(async () => {
      await postCallback("status-result", statusResult("AG_20261123_not_ours", "Failed"));
    });
    expect(await withdrawalItem(withdrawal._id)).toMatchObject({ status: "approved" });
    expect(await walletOf(user._id)).toBe(70_000);
    expect(logs).toContainEqual(expect.objectContaining({ via: "status", rejection: "conversation-mismatch" }));

    await postCallback("status-result", statusResult("AG_20261123_our_query", "Completed"));
    await payments.stack.bus.idle();
    expect(await withdrawalItem(withdrawal._id)).toMatchObject({ status: "completed" });
    await expectLedgerToMatchBalances(user._id);
  });
});

describe("STK successes confirmed with the STK query (R15)", () => {
  async function deposit(token: string, amount: number, phoneNumber: string) {
    for (let attempt = 1; ; attempt++) {
      const response = await call<{ checkoutRequestId: string }>(
        startDeposit,
        gatewayEvent("start-deposit", { token, body: { amount, phoneNumber } }),
      );
      // Like a person, waits out the phone's lock while an earlier prompt to it is still open.
      if (response.statusCode !== 409 || attempt >= 40) return response;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("credits a success the query confirms", async () => {
    const { token, user } = await registerUser();
    const { body } = await deposit(token, 250, "254708374149");
    const settled = await eventually(async () => {
      const item = await readItem(keys.deposit(body.checkoutRequestId));
      return item?.status === "completed" && item;
    });
    expect(settled.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await walletOf(user._id)).toBe(25_000);
  });

  it("refuses a forged success for a prompt the customer cancelled, and logs it for an operator", async () => {
    const { token, user } = await registerUser();
    const { body } = await deposit(token, 400, "254700001032");
    const id = body.checkoutRequestId;
    await eventually(async () => (await readItem(keys.deposit(id)))?.status === "cancelled");

    const logs = await errorLogsOf(async () => {
      const forged = {
        Body: {
          stkCallback: {
            MerchantRequestID: "29115-34620561-1",
            CheckoutRequestID: id,
            ResultCode: 0,
            ResultDesc: "The service request is processed successfully.",
            CallbackMetadata: {
              Item: [
                { Name: "Amount", Value: 400 },
                { Name: "MpesaReceiptNumber", Value: "TKFORGED01" },
                { Name: "PhoneNumber", Value: 254700001032 },
              ],
            },
          },
        },
      };
      expect((await postCallback("stk", forged)).status).toBe(200);
    });
    expect(await readItem(keys.deposit(id))).toMatchObject({ status: "cancelled" });
    expect(await readItem(keys.receiptMarker("TKFORGED01"))).toBeUndefined();
    expect(await walletOf(user._id)).toBe(0);
    expect(logs).toContainEqual(
      // The id's last nine digits are the payer's number, masked in logs.
      expect.objectContaining({
        checkoutRequestId: `${id.slice(0, -9)}*****${id.slice(-4)}`,
        rejection: "stk-contradicted",
        queryResultCode: "1032",
      }),
    );
    await expectLedgerToMatchBalances(user._id);
  });

  it("keeps the callback token out of everything it logs", async () => {
    const output = await outputOfCallback(async () => {
      await postCallback("stk", { Body: { stkCallback: { CheckoutRequestID: "ws_CO_unknown", ResultCode: 0 } } });
      await postCallback("stk", { unexpected: true });
    });
    expect(logLines(output)).toContainEqual(expect.objectContaining({ rejection: "shape" }));
    expect(JSON.stringify(output)).not.toContain(callbackToken);
    expect(JSON.stringify(output)).not.toContain(kindToken("stk"));
  });
});

describe("a path token per callback kind (design.md §13.3)", () => {
  const OTHER_KINDS = [
    "stk",
    "b2c-result",
    "b2c-timeout",
    "status-result",
    "status-timeout",
    "c2b-validation",
  ] as const;

  it("refuses a Paybill confirmation sent with any other kind's token, or the secret itself, as a path that does not exist", async () => {
    const { user } = await registerUser();
    const confirmation = {
      TransactionType: "Pay Bill",
      TransID: `FK${randomBytes(4).toString("hex").toUpperCase()}`,
      TransTime: "20261126081530",
      TransAmount: "9000.00",
      BusinessShortCode: "600984",
      BillRefNumber: user.referralCode,
      MSISDN: "2547****149",
      FirstName: "MALLORY",
    };
    const leaked = [...OTHER_KINDS.map((kind) => kindToken(kind)), callbackToken];
    expect(new Set(leaked).size).toBe(leaked.length);
    for (const token of leaked) {
      expect(await postCallback("c2b-confirmation", confirmation, token)).toEqual({
        status: 404,
        body: { message: "Not Found" },
      });
    }
    await payments.stack.bus.idle();
    expect(await readItem(keys.receiptMarker(confirmation.TransID))).toBeUndefined();
    expect(await walletOf(user._id)).toBe(0);

    // Its own kind's token lets it in.
    expect((await postCallback("c2b-confirmation", confirmation)).status).toBe(200);
    await payments.stack.bus.idle();
    expect(await walletOf(user._id)).toBe(900_000);
  });

  it("opens each kind's path with that kind's token only", async () => {
    const kinds = [...OTHER_KINDS, "c2b-confirmation"] as const;
    for (const kind of kinds) {
      for (const other of kinds) {
        if (other === kind) continue;
        // An empty body: a right token would be refused for its shape (400), a wrong one is not found (404).
        const answer = await postCallback(kind, {}, kindToken(other));
        expect(answer.status, `${kind} with the ${other} token`).toBe(404);
      }
      expect((await postCallback(kind, {})).status, kind).not.toBe(404);
    }
  });
});
