import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DarajaError, type DarajaPort } from "../src/adapters/daraja/daraja.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { createDynamoPayoutRecoveryRepository } from "../src/modules/money-out/dynamo/payout-recovery-repository.js";
import { createDynamoPayoutRepository } from "../src/modules/money-out/dynamo/payout-repository.js";
import { createPayoutService } from "../src/modules/money-out/payouts.js";
import { signInAsAdmin } from "./support/admin.js";
import { readItem } from "./support/db.js";
import { recordingMetrics } from "./support/metrics.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { buildServices, manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

/** A Daraja that refuses every B2C request synchronously, the way it refuses an invalid field. */
function refusingDaraja(httpStatus: number, errorCode: string, errorMessage: string): DarajaPort {
  const refuse = async () => {
    throw new DarajaError(httpStatus, errorCode, errorMessage);
  };
  return { stkPush: refuse, stkQuery: refuse, b2cPayment: refuse, transactionStatus: refuse };
}

async function approvedWithdrawal() {
  const admin = await signInAsAdmin();
  const { user } = await registerUser();
  await depositToWallet(user, 100_000);
  const clock = manualClock(new Date());
  const services = buildServices({ clock });
  const holder = await services.accounts.getUser(user._id);
  const adminUser = await services.accounts.getUser(admin.user._id);
  if (!holder || !adminUser) throw new Error("users not found");
  const { withdrawal } = await services.withdrawals.request({
    user: holder,
    amountKes: 300,
    phoneNumber: holder.phoneNumber,
    requestId: randomUUID(),
  });
  const approved = await services.admin.processWithdrawal({
    withdrawal,
    admin: adminUser,
    decision: { status: "approved" },
    requestId: randomUUID(),
    ip: "127.0.0.1",
  });
  return { user, approved, clock };
}

describe("a B2C request Daraja refuses outright", () => {
  it("is refunded and rejected with Daraja's reason when the request was invalid (4xx)", async () => {
    const { user, approved, clock } = await approvedWithdrawal();
    const metrics = recordingMetrics();
    const payouts = createPayoutService({
      payouts: createDynamoPayoutRepository(),
      recovery: createDynamoPayoutRecoveryRepository(),
      daraja: refusingDaraja(400, "400.002.02", "Bad Request - Invalid PartyB"),
      clock,
      log: () => {},
      metrics,
      reconcileAfterMs: 1000,
    });
    const result = await payouts.start(approved);
    expect(result).toMatchObject({
      status: "rejected",
      reason: "M-Pesa refused the payout: Bad Request - Invalid PartyB",
    });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    expect((await readItem(keys.withdrawal(approved.id)))?.status).toBe("rejected");
    expect(metrics.total("PayoutsRefunded")).toBe(1);
    await expectLedgerToMatchBalances(user._id);
  });

  it("keeps the hold when Daraja is busy (5xx): the payout may still be tried again", async () => {
    const { user, approved, clock } = await approvedWithdrawal();
    const payouts = createPayoutService({
      payouts: createDynamoPayoutRepository(),
      recovery: createDynamoPayoutRecoveryRepository(),
      daraja: refusingDaraja(500, "500.003.02", "System is busy"),
      clock,
      log: () => {},
      metrics: recordingMetrics(),
      reconcileAfterMs: 1000,
    });
    expect((await payouts.start(approved)).status).toBe("approved");
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(70_000);
    await expectLedgerToMatchBalances(user._id);
  });
});
