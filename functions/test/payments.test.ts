import type { DepositStatusView, User } from "@jengafund/shared";
import { describe, expect, inject, it } from "vitest";
import { daraja } from "../src/adapters/daraja/default-client.js";
import { handler as reconcilePayouts } from "../src/handlers/events/reconcile-payouts.js";
import { handler as reconcileStkDeposits } from "../src/handlers/events/reconcile-stk-deposits.js";
import { handler as getDeposit } from "../src/handlers/http/get-deposit.js";
import { handler as getStatement } from "../src/handlers/http/get-statement.js";
import { handler as listTransactions } from "../src/handlers/http/list-transactions.js";
import { handler as receiveCallback } from "../src/handlers/http/receive-daraja-callback.js";
import { handler as startDeposit } from "../src/handlers/http/start-deposit.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import { itemsOfUser, readItem, setAttributes } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import {
  apiUrl,
  callbackToken,
  eventually,
  kindToken,
  postCallback,
  simulatorUrl,
  usePaymentsStack,
} from "./support/payments-stack.js";
import { approveWithdrawal, pendingWithdrawal as pendingPayout } from "./support/payouts.js";
import { registerUser } from "./support/users.js";

type Message = { message: string };
const payments = usePaymentsStack();
const smsUrl = inject("smsUrl");

/** Starts a deposit; like a person, waits out the phone's lock while an earlier prompt to it is still open. */
async function deposit(token: string, amount: number, phoneNumber: string) {
  for (let attempt = 1; ; attempt++) {
    const response = await call<{ checkoutRequestId: string; message: string } & Message>(
      startDeposit,
      gatewayEvent("start-deposit", { token, body: { amount, phoneNumber } }),
    );
    if (response.statusCode !== 409 || attempt >= 40) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const depositStatus = (token: string, checkoutRequestId: string) =>
  call<{ deposit: DepositStatusView; user: User }>(
    getDeposit,
    gatewayEvent("get-deposit", { token, pathParameters: { checkoutRequestId } }),
  );
const settled = (token: string, id: string) =>
  eventually(async () => {
    const { body } = await depositStatus(token, id);
    return body.deposit.status !== "pending" && body;
  });

function stkSuccess(checkoutRequestId: string, amount: number, receipt: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: amount },
            { Name: "MpesaReceiptNumber", Value: receipt },
            { Name: "Balance" },
            { Name: "TransactionDate", Value: 20261122143041 },
            { Name: "PhoneNumber", Value: 254708374149 },
          ],
        },
      },
    },
  };
}

describe("M-Pesa deposits", () => {
  it("credits the wallet and ends the trial when the simulator reports the payment", async () => {
    const { token, user } = await registerUser();
    const started = await deposit(token, 1500, "0708374149");
    expect(started.statusCode).toBe(202);
    expect(started.body.message).toBe("STK push sent to your phone. Please complete the payment.");
    expect(started.body.checkoutRequestId).toMatch(/^ws_CO_\d{17}708374149$/);

    const { deposit: done, user: after } = await settled(token, started.body.checkoutRequestId);
    expect(done).toMatchObject({ status: "completed", amount: 1500 });
    expect(done.mpesaTransactionId).toMatch(/^[A-Z0-9]{10}$/);
    expect(after).toMatchObject({ walletBalance: 1500, trialBalance: 1000, isTrialAccount: false });
    const [line] = await itemsOfUser(user._id, "TX#").then((lines) =>
      lines.filter((l) => l.transactionType === "deposit"),
    );
    expect(line).toMatchObject({
      status: "completed",
      amountCents: 150_000,
      mpesaTransactionId: done.mpesaTransactionId,
    });
    await expectLedgerToMatchBalances(user._id);
  });

  it.each([
    ["254700000001", "failed"],
    ["254700001032", "cancelled"],
    ["254700001037", "failed"],
    ["254700002001", "failed"],
  ])("records the payment from %s as %s and credits nothing", async (phone, status) => {
    const { token, user } = await registerUser();
    const started = await deposit(token, 700, phone);
    const { deposit: done, user: after } = await settled(token, started.body.checkoutRequestId);
    expect(done.status).toBe(status);
    expect(done.resultDesc).toEqual(expect.any(String));
    expect(after).toMatchObject({ walletBalance: 0, isTrialAccount: true });
    await expectLedgerToMatchBalances(user._id);
  });

  it("credits once when the simulator delivers the callback twice", async () => {
    const { token, user } = await registerUser();
    const started = await deposit(token, 800, "254700000002");
    await settled(token, started.body.checkoutRequestId);
    await payments.stack.bus.idle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await payments.stack.bus.idle();
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(80_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("finds a payment whose callback never arrived through reconciliation, and credits it with its M-Pesa receipt", async () => {
    // The STK short code's payments are read from M-Pesa's record (Pull Transactions), registered once like the
    // Paybill's.
    await daraja().registerPullTransactions({
      shortCode: "174379",
      nominatedNumber: "254708374149",
      callbackUrl: `${apiUrl}/hooks/daraja/c2b-confirmation/${kindToken("c2b-confirmation")}`,
    });
    const { token, user, input } = await registerUser();
    const started = await deposit(token, 900, "254700009999");
    const checkoutRequestId = started.body.checkoutRequestId;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect((await depositStatus(token, checkoutRequestId)).body.deposit.status).toBe("pending");
    // M-Pesa took the money: its receipt is in the simulator's record, never in a callback.
    const { stk } = (await (await fetch(`${simulatorUrl}/__sim/transactions`)).json()) as {
      stk: { checkoutRequestId: string; mpesaReceiptNumber?: string; delivery: string }[];
    };
    const paid = stk.find((record) => record.checkoutRequestId === checkoutRequestId);
    expect(paid?.delivery).toBe("dropped by scenario");
    const receipt = String(paid?.mpesaReceiptNumber);
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);

    const summary = await reconcileStkDeposits(
      {},
      localLambdaContext("reconcile-stk-deposits", { timeoutMs: 120_000 }),
    );
    expect(summary.deposits?.credited).toBeGreaterThanOrEqual(1);
    expect((await depositStatus(token, checkoutRequestId)).body.deposit).toMatchObject({
      status: "completed",
      mpesaTransactionId: receipt,
    });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(90_000);
    await expectLedgerToMatchBalances(user._id);

    // The history, the statement and the SMS all name it.
    const history = await call<{ transactions: { type: string; status: string; mpesaTransactionId?: string }[] }>(
      listTransactions,
      gatewayEvent("list-transactions", { token }),
    );
    expect(history.body.transactions.filter((line) => line.type === "deposit")).toEqual([
      expect.objectContaining({ status: "completed", mpesaTransactionId: receipt }),
    ]);
    const csv = await call<string>(getStatement, gatewayEvent("get-statement", { token, query: { format: "csv" } }));
    expect(csv.statusCode).toBe(200);
    const depositRow = csv.body.split("\r\n").find((row) => row.includes("M-Pesa deposit"));
    // Reference, then the M-Pesa receipt.
    expect(depositRow).toContain(`,${checkoutRequestId},${receipt},`);
    // The deposit's own SMS (the new payout number's notice goes to the same phone).
    const deposited = await eventually(async () => {
      const to = `254${input.phoneNumber.replace(/^\+?(254|0)/, "")}`;
      const sent = (await (await fetch(`${smsUrl}/__inbox/messages?to=${to}`)).json()) as { message: string }[];
      const texts = sent.map((sms) => sms.message).filter((text) => text.includes("deposit received"));
      return texts.length > 0 && texts;
    });
    expect(deposited).toEqual([
      expect.stringMatching(`^JengaFund: KES 900.00 deposit received \\(M-Pesa ${receipt}\\)\\. `),
    ]);
  });

  it("refuses a callback with a wrong path token (404), from outside the allow-list (403) or of the wrong shape (400), and credits nothing", async () => {
    const { token, user } = await registerUser();
    const started = await deposit(token, 600, "254700001037");
    const forged = stkSuccess(started.body.checkoutRequestId, 600, "TKFORGED01");
    expect((await postCallback("stk", forged, "0".repeat(32))).status).toBe(404);
    expect((await postCallback("nonsense", forged)).status).toBe(404);
    expect((await postCallback("stk", { hello: "world" })).status).toBe(400);
    const fromElsewhere = await call(
      receiveCallback,
      gatewayEvent("receive-daraja-callback", {
        pathParameters: { kind: "stk", token: kindToken("stk") },
        body: forged,
        sourceIp: "203.0.113.9",
      }),
    );
    expect(fromElsewhere.statusCode).toBe(403);
    await payments.stack.bus.idle();
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(0);
  });

  it("does not credit a success whose amount differs from the deposit's", async () => {
    const { token, user } = await registerUser();
    const started = await deposit(token, 600, "254700001037");
    await settled(token, started.body.checkoutRequestId); // the simulator's own outcome: unreachable
    const other = await deposit(token, 650, "254700009999");
    const response = await postCallback("stk", stkSuccess(other.body.checkoutRequestId, 6500, "TKMISMATCH"));
    expect(response).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: "Accepted" } });
    await payments.stack.bus.idle();
    expect((await depositStatus(token, other.body.checkoutRequestId)).body.deposit.status).toBe("pending");
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(0);
  });

  it("credits exactly once under 100 concurrent identical callbacks, late replays and failure-then-success (R2)", async () => {
    const { token, user } = await registerUser();
    // The simulator never calls back for this number, so every callback below is ours.
    const started = await deposit(token, 1234, "254700009999");
    const id = started.body.checkoutRequestId;
    const failure = {
      Body: {
        stkCallback: {
          MerchantRequestID: "x",
          CheckoutRequestID: id,
          ResultCode: 1,
          ResultDesc: "The balance is insufficient for the transaction.",
        },
      },
    };
    expect((await postCallback("stk", failure)).status).toBe(200);
    await payments.stack.bus.idle();
    expect((await depositStatus(token, id)).body.deposit.status).toBe("failed");

    const success = stkSuccess(id, 1234, "TKR2ONCE01");
    const responses = await Promise.all(Array.from({ length: 100 }, () => postCallback("stk", success)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    await payments.stack.bus.idle();
    for (const late of [success, failure, stkSuccess(id, 1234, "TKR2OTHER2")]) await postCallback("stk", late);
    await payments.stack.bus.idle();

    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(123_400);
    const completed = (await itemsOfUser(user._id, "TX#")).filter(
      (l) => l.transactionType === "deposit" && l.status === "completed",
    );
    expect(completed).toHaveLength(1);
    expect(payments.stack.bus.deadLetters).toEqual([]);
    await expectLedgerToMatchBalances(user._id);
  });

  it("keeps retrying a callback for a deposit it does not know, then dead-letters it", async () => {
    const before = payments.stack.bus.deadLetters.length;
    const response = await postCallback("stk", stkSuccess("ws_CO_22112026000000000799999999", 100, "TKUNKNOWN1"));
    expect(response.status).toBe(200);
    await payments.stack.bus.idle();
    expect(payments.stack.bus.deadLetters.length).toBe(before + 1);
    expect(payments.stack.bus.deadLetters.at(-1)?.error).toMatch(/No deposit recorded/);
  });

  it("reads non-numeric result codes such as SFC_IC0003 as failures", async () => {
    const { token, user } = await registerUser();
    const started = await deposit(token, 400, "254700009999");
    const odd = {
      Body: {
        stkCallback: {
          MerchantRequestID: "x",
          CheckoutRequestID: started.body.checkoutRequestId,
          ResultCode: "SFC_IC0003",
          ResultDesc: "Operator does not exist",
        },
      },
    };
    expect((await postCallback("stk", odd)).status).toBe(200);
    await payments.stack.bus.idle();
    expect((await depositStatus(token, started.body.checkoutRequestId)).body.deposit).toMatchObject({
      status: "failed",
      resultDesc: "Operator does not exist",
    });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(0);
  });

  it("does not credit a success callback that carries no receipt", async () => {
    const { token, user } = await registerUser();
    const started = await deposit(token, 500, "254700009999");
    const bare = {
      Body: {
        stkCallback: {
          MerchantRequestID: "x",
          CheckoutRequestID: started.body.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: "The service request is processed successfully.",
          CallbackMetadata: { Item: [{ Name: "Amount", Value: 500 }] },
        },
      },
    };
    await postCallback("stk", bare);
    await payments.stack.bus.idle();
    expect((await depositStatus(token, started.body.checkoutRequestId)).body.deposit.status).toBe("pending");
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(0);
  });

  it.each([
    [{ amount: 0 }, "Minimum deposit amount is KES 1"],
    [{ amount: 10.5 }, "M-Pesa deposits are in whole shillings"],
    [{ amount: 250_001 }, "Maximum deposit amount is KES 250,000"],
    [{ phoneNumber: "+255712345678" }, "Please enter a valid Kenyan phone number, e.g. 0712345678 or 254712345678"],
  ])("answers %j with 400 %j", async (override, message) => {
    const { token } = await registerUser();
    const response = await call<Message>(
      startDeposit,
      gatewayEvent("start-deposit", { token, body: { amount: 100, phoneNumber: "254708374149", ...override } }),
    );
    expect(response).toEqual({ statusCode: 400, body: { message } });
  });

  it("shows a deposit only to its owner", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const started = await deposit(owner.token, 100, "254708374149");
    expect((await depositStatus(other.token, started.body.checkoutRequestId)).statusCode).toBe(404);
  });
});

describe("M-Pesa payouts", () => {
  const pendingWithdrawal = (to: Parameters<typeof pendingPayout>[0] = {}, amount = 300) => pendingPayout(to, amount);
  const approve = (id: string) => approveWithdrawal(payments.adminToken, id);
  const withdrawalItem = (id: string) => readItem(keys.withdrawal(id));

  it("pays an approved withdrawal by B2C and completes it with the M-Pesa receipt", async () => {
    const { user, withdrawal } = await pendingWithdrawal();
    expect((await approve(withdrawal._id)).body.withdrawal.status).toBe("approved");
    const done = await eventually(async () => {
      const item = await withdrawalItem(withdrawal._id);
      return item?.status === "completed" && item;
    });
    expect(done.mpesaTransactionId).toMatch(/^[A-Z0-9]{10}$/);
    const line = (await itemsOfUser(user._id, "TX#")).find((l) => l.transactionType === "withdrawal");
    expect(line).toMatchObject({ status: "completed", mpesaTransactionId: done.mpesaTransactionId });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(70_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it.each([
    ["254700000001", /insufficient|funds/i],
    ["254700002001", /initiator/i],
    ["254700002040", /registered/i],
  ])("refunds a payout that fails for %s and records M-Pesa's reason", async (phone, reason) => {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: phone });
    await approve(withdrawal._id);
    const failed = await eventually(async () => {
      const item = await withdrawalItem(withdrawal._id);
      return item?.status === "rejected" && item;
    });
    expect(String(failed.reason)).toMatch(reason);
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    const line = (await itemsOfUser(user._id, "TX#")).find((l) => l.transactionType === "withdrawal");
    expect(line?.status).toBe("failed");
    await expectLedgerToMatchBalances(user._id);
  });

  it("settles once when the B2C result is delivered twice (R4)", async () => {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: "254700000002" });
    await approve(withdrawal._id);
    await eventually(async () => (await withdrawalItem(withdrawal._id))?.status === "completed");
    await new Promise((resolve) => setTimeout(resolve, 200));
    await payments.stack.bus.idle();
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(70_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("completes a payout whose result never arrived, through reconciliation and Transaction Status", async () => {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: "254700009999" });
    await approve(withdrawal._id);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect((await withdrawalItem(withdrawal._id))?.status).toBe("approved");
    const summary = await reconcilePayouts({}, localLambdaContext("reconcile-payouts", { timeoutMs: 120_000 }));
    expect(summary.payouts?.checked).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await withdrawalItem(withdrawal._id))?.status === "completed");
    await expectLedgerToMatchBalances(user._id);
  });

  it("never refunds on a Transaction Status answer whose query failed, and completes on a Completed one", async () => {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: "254700009999" });
    await approve(withdrawal._id);
    // As if reconciliation had asked about the payout and Daraja had accepted the query as this conversation.
    const accepted = await eventually(async () => (await withdrawalItem(withdrawal._id))?.conversationId);
    await setAttributes(keys.withdrawal(withdrawal._id), { statusConversationId: "AG_20261122_000000000000000000aa" });
    const statusResult = (resultCode: number | string, parameters?: { Key: string; Value: unknown }[]) => ({
      Result: {
        ResultType: 0,
        ResultCode: resultCode,
        ResultDesc:
          resultCode === 0 ? "The service request is processed successfully." : "The initiator information is invalid.",
        OriginatorConversationID: "status-query-1",
        ConversationID: "AG_20261122_000000000000000000aa",
        TransactionID: "UKB0000000",
        ...(parameters ? { ResultParameters: { ResultParameter: parameters } } : {}),
        ReferenceData: { ReferenceItem: { Key: "Occasion", Value: withdrawal._id } },
      },
    });
    expect((await postCallback("status-result", statusResult(2001))).status).toBe(200);
    await payments.stack.bus.idle();
    expect((await withdrawalItem(withdrawal._id))?.status).toBe("approved");
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(70_000);

    await postCallback(
      "status-result",
      statusResult(0, [
        { Key: "OriginatorConversationID", Value: withdrawal._id },
        { Key: "TransactionStatus", Value: "Completed" },
        { Key: "ReceiptNo", Value: "UKBSTATUS1" },
        { Key: "ConversationID", Value: accepted },
        { Key: "Amount", Value: 300 },
      ]),
    );
    await payments.stack.bus.idle();
    expect(await withdrawalItem(withdrawal._id)).toMatchObject({
      status: "completed",
      mpesaTransactionId: "UKBSTATUS1",
    });
    await expectLedgerToMatchBalances(user._id);
  });

  it("answers the callback route only with the right token", async () => {
    expect((await postCallback("b2c-result", { Result: { ResultCode: 0 } }, "f".repeat(32))).status).toBe(404);
    expect(callbackToken).toMatch(/^[0-9a-f]{32}$/);
    expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  });
});
