/**
 * An admin fails a stuck payout (design.md §10): an approved withdrawal whose B2C result never came and that M-Pesa
 * says was not paid is refunded with the admin's reason, in one transaction, exactly like a failed B2C result.
 */

import type { Withdrawal } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { handler as processWithdrawal } from "../src/handlers/http/process-withdrawal.js";
import { keys } from "../src/repositories/dynamo/keys.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { eventually, usePaymentsStack } from "./support/payments-stack.js";
import { approveWithdrawal, pendingWithdrawal } from "./support/payouts.js";

const payments = usePaymentsStack();

const markFailed = (id: string, body: Record<string, unknown>) =>
  call<{ withdrawal: Withdrawal; message: string }>(
    processWithdrawal,
    gatewayEvent("process-withdrawal", { token: payments.adminToken, pathParameters: { id }, body }),
  );

/** An approved payout whose B2C result never arrives (the simulator drops it for this phone). */
async function stuckPayout() {
  const { user, withdrawal } = await pendingWithdrawal("254700009999");
  await approveWithdrawal(payments.adminToken, withdrawal._id);
  await eventually(async () => (await readItem(keys.withdrawal(withdrawal._id)))?.conversationId);
  return { user, withdrawal };
}

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

  it("refuses a withdrawal that is not waiting for M-Pesa: pending, or already paid", async () => {
    const { withdrawal: pending } = await pendingWithdrawal("254708374149");
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
