/**
 * An admin fails a stuck payout (design.md §10): an approved withdrawal whose B2C result never came and that M-Pesa
 * says was not paid is refunded with the admin's reason, in one transaction, exactly like a failed B2C result. Only
 * after M-Pesa has had 24 hours to answer (design.md §12.1), and should M-Pesa pay it after all, the withdrawal says
 * so to admins: the money must be recovered.
 */

import { FOUR_EYES_MESSAGES, type Withdrawal } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { handler as listAdminWithdrawals } from "../src/handlers/http/list-admin-withdrawals.js";
import { handler as listWithdrawals } from "../src/handlers/http/list-withdrawals.js";
import { handler as processWithdrawal } from "../src/handlers/http/process-withdrawal.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { itemsOfUser, readItem, setAttributes } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { logLines, metricLines, outputOf } from "./support/output.js";
import { eventually, postCallback, usePaymentsStack } from "./support/payments-stack.js";
import { approvedHoursAgo, approveWithdrawal, b2cResult, pendingWithdrawal } from "./support/payouts.js";

const payments = usePaymentsStack();

const markFailed = (id: string, body: Record<string, unknown>) =>
  call<{ withdrawal: Withdrawal; message: string }>(
    processWithdrawal,
    gatewayEvent("process-withdrawal", { token: payments.adminToken, pathParameters: { id }, body }),
  );

/**
 * An approved payout to the investor's own number whose B2C result never arrives (the simulator drops it: the number
 * acts as 254700009999 for B2C), approved `hoursAgo` (25 by default: past the day M-Pesa gets to answer).
 */
async function stuckPayout(hoursAgo = 25) {
  const { user, token, withdrawal } = await pendingWithdrawal({ b2c: "254700009999" });
  await approveWithdrawal(payments.adminToken, withdrawal._id);
  await eventually(async () => (await readItem(keys.withdrawal(withdrawal._id)))?.conversationId);
  if (hoursAgo > 0) await approvedHoursAgo(withdrawal._id, hoursAgo);
  return { user, token, withdrawal };
}

const adminWithdrawal = async (id: string) =>
  (
    await call<{ withdrawals: Withdrawal[] }>(
      listAdminWithdrawals,
      gatewayEvent("list-admin-withdrawals", { token: payments.adminToken, query: { limit: "100" } }),
    )
  ).body.withdrawals.find((w) => w._id === id);

describe("marking a stuck payout as failed", () => {
  it("refunds the wallet with the admin's reason and fails the withdrawal's ledger line", async () => {
    const { user, withdrawal } = await stuckPayout();
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(70_000);

    const reason = "Transaction Status: no such payout at M-Pesa";
    const response = await markFailed(withdrawal._id, { status: "failed", reason });
    expect(response.statusCode).toBe(200);
    expect(response.body.withdrawal).toMatchObject({ _id: withdrawal._id, status: "rejected", reason });

    expect(await readItem(keys.withdrawal(withdrawal._id))).toMatchObject({ status: "rejected", reason });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    const line = (await itemsOfUser(user._id, "TX#")).find((l) => l.transactionType === "withdrawal");
    expect(line?.status).toBe("failed");
    await expectLedgerToMatchBalances(user._id);
  });

  it("refunds once when the admin presses twice", async () => {
    const { user, withdrawal } = await stuckPayout();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => markFailed(withdrawal._id, { status: "failed", reason: "Not paid" })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("requires a reason", async () => {
    const { withdrawal } = await stuckPayout();
    const response = await markFailed(withdrawal._id, { status: "failed", reason: "  " });
    expect(response).toEqual({
      statusCode: 400,
      body: { message: "A reason is required to mark a payout as failed" },
    });
    expect((await readItem(keys.withdrawal(withdrawal._id)))?.status).toBe("approved");
  });

  it("waits 24 hours from approval for M-Pesa's word: sooner it is a 409 saying from when, and nothing moves", async () => {
    const { user, withdrawal } = await stuckPayout(0);
    await approvedHoursAgo(withdrawal._id, 23);
    const approvedAt = Date.parse(String((await readItem(keys.withdrawal(withdrawal._id)))?.processedAt));
    const from = new Date(approvedAt + 24 * 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
    const early = await markFailed(withdrawal._id, { status: "failed", reason: "Not paid" });
    expect(early).toEqual({ statusCode: 409, body: { message: FOUR_EYES_MESSAGES.payoutFailureUnproven(from) } });
    expect(early.body.message).toContain("24 hours after it was sent to M-Pesa");
    expect((await readItem(keys.withdrawal(withdrawal._id)))?.status).toBe("approved");
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(70_000);

    await approvedHoursAgo(withdrawal._id, 24.01);
    expect((await markFailed(withdrawal._id, { status: "failed", reason: "Not paid in a day" })).statusCode).toBe(200);
  });

  it("counts the day from the payout's last send: one reconciliation sent again waits its own day", async () => {
    const { withdrawal } = await stuckPayout(25);
    await setAttributes(keys.withdrawal(withdrawal._id), {
      payoutStartedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const early = await markFailed(withdrawal._id, { status: "failed", reason: "Not paid" });
    expect(early.statusCode).toBe(409);
    expect(early.body.message).toContain("24 hours after it was sent to M-Pesa");
    expect((await readItem(keys.withdrawal(withdrawal._id)))?.status).toBe("approved");
  });

  it("refuses a withdrawal that is not waiting for M-Pesa: pending, or already paid", async () => {
    const { withdrawal: pending } = await pendingWithdrawal();
    const refused = await markFailed(pending._id, { status: "failed", reason: "Not paid" });
    expect(refused).toEqual({
      statusCode: 409,
      body: { message: "Only an approved payout still waiting for M-Pesa can be marked as failed" },
    });
    expect((await readItem(keys.withdrawal(pending._id)))?.status).toBe("pending");

    await approveWithdrawal(payments.adminToken, pending._id);
    await eventually(async () => (await readItem(keys.withdrawal(pending._id)))?.status === "completed");
    expect((await markFailed(pending._id, { status: "failed", reason: "Not paid" })).statusCode).toBe(409);
    expect((await readItem(keys.withdrawal(pending._id)))?.status).toBe("completed");
  });
});

describe("a payout M-Pesa pays after it was refunded", () => {
  it("is logged, counted and shown to admins as money to recover, once, and moves nothing", async () => {
    const { user, withdrawal } = await stuckPayout();
    expect((await markFailed(withdrawal._id, { status: "failed", reason: "Portal shows no payment" })).statusCode).toBe(
      200,
    );
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    const conversationId = (await readItem(keys.withdrawal(withdrawal._id)))?.conversationId;

    const paid = b2cResult({
      withdrawalId: withdrawal._id,
      conversationId,
      resultCode: 0,
      amount: 300,
      receipt: "TCLATE0001",
    });
    const output = await outputOf(async () => {
      expect((await postCallback("b2c-result", paid)).status).toBe(200);
      await payments.stack.bus.idle();
    });
    expect(logLines(output, "ERROR").map((line) => line.message)).toContain(
      "M-Pesa paid a payout that was already refunded: the money must be recovered",
    );
    expect(metricLines(output).filter((line) => line.PayoutPaidAfterRefund === 1)).toHaveLength(1);
    expect((await adminWithdrawal(withdrawal._id))?.paidAfterRefund).toMatchObject({
      amount: 300,
      receipt: "TCLATE0001",
    });
    // The wallet keeps the refund: taking money back needs a person.
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    expect((await readItem(keys.withdrawal(withdrawal._id)))?.status).toBe("rejected");

    // Delivered again: noted and counted once.
    const again = await outputOf(async () => {
      await postCallback("b2c-result", paid);
      await payments.stack.bus.idle();
    });
    expect(metricLines(again).filter((line) => "PayoutPaidAfterRefund" in line)).toEqual([]);
    await expectLedgerToMatchBalances(user._id);
  });

  it("ignores a success for a refunded payout that names another ConversationID", async () => {
    const { withdrawal } = await stuckPayout();
    await markFailed(withdrawal._id, { status: "failed", reason: "Not paid" });
    const forged = b2cResult({ withdrawalId: withdrawal._id, conversationId: "AG_forged", resultCode: 0, amount: 300 });
    await postCallback("b2c-result", forged);
    await payments.stack.bus.idle();
    expect((await adminWithdrawal(withdrawal._id))?.paidAfterRefund).toBeUndefined();
  });

  it("keeps it to admins: the investor's own list does not carry it", async () => {
    const { token, withdrawal } = await stuckPayout();
    await markFailed(withdrawal._id, { status: "failed", reason: "Not paid" });
    const conversationId = (await readItem(keys.withdrawal(withdrawal._id)))?.conversationId;
    await postCallback(
      "b2c-result",
      b2cResult({ withdrawalId: withdrawal._id, conversationId, resultCode: 0, amount: 300 }),
    );
    await payments.stack.bus.idle();
    expect((await adminWithdrawal(withdrawal._id))?.paidAfterRefund).toBeDefined();
    const own = await call<{ withdrawals: Withdrawal[] }>(listWithdrawals, gatewayEvent("list-withdrawals", { token }));
    expect(own.body.withdrawals.find((w) => w._id === withdrawal._id)).not.toHaveProperty("paidAfterRefund");
  });
});
