/**
 * A write that commits but whose answer is lost (a timeout on the way back) must not turn into a refusal or a
 * second effect when retried: each operation recognises its own earlier commit by its marker.
 */
import { randomUUID } from "node:crypto";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { defaultDynamoContext } from "../src/kernel/dynamo/client.js";
import { createDynamoDepositRepository } from "../src/modules/money-in/dynamo/deposit-repository.js";
import { signInAsAdmin } from "./support/admin.js";
import { faultInjectingContext, mulberry32 } from "./support/faults.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { sendingThrough } from "./support/sending-through.js";
import { buildServices, manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

/** Every transaction commits and then loses its answer, once per logical write. */
function losingFirstAnswers() {
  return faultInjectingContext(
    defaultDynamoContext(),
    { conflict: 0, throttle: 0, timeoutBeforeSend: 0, lostAfterCommit: 1 },
    mulberry32(1),
  );
}

describe("lost answers after a commit", () => {
  it("an admin's approval that committed is reported as done, not as already processed", async () => {
    const admin = await signInAsAdmin();
    const { user } = await registerUser();
    await depositToWallet(user, 100_000);
    const clock = manualClock(new Date());
    const plain = buildServices({ clock });
    const holder = await plain.accounts.getUser(user._id);
    if (!holder) throw new Error("user not found");
    const { withdrawal } = await plain.withdrawals.request({
      user: holder,
      amountKes: 200,
      phoneNumber: holder.phoneNumber,
      requestId: randomUUID(),
    });
    const adminUser = await plain.accounts.getUser(admin.user._id);
    if (!adminUser) throw new Error("admin not found");

    const faults = losingFirstAnswers();
    // Only the decision's first attempt loses its answer; the retry then meets its own commit. The reads before it
    // (who adjusted this balance lately: four eyes) go through untouched.
    let lost = false;
    const once = {
      ...faults.ctx,
      db: sendingThrough(defaultDynamoContext().db, (command: unknown) => {
        if (lost || !(command instanceof TransactWriteCommand)) return defaultDynamoContext().db.send(command as never);
        lost = true;
        return faults.ctx.db.send(command as never);
      }),
    };
    const decided = await buildServices({ clock, ctx: once }).admin.processWithdrawal({
      withdrawal,
      admin: adminUser,
      decision: { status: "approved" },
      requestId: randomUUID(),
      ip: "127.0.0.1",
    });
    expect(decided.status).toBe("approved");
    expect(faults.stats.injected.lostAfterCommit).toBe(1);
    await expectLedgerToMatchBalances(user._id);
  });

  it("a deposit record that committed is reported as recorded", async () => {
    const { user } = await registerUser();
    const faults = losingFirstAnswers();
    const deposits = createDynamoDepositRepository(faults.ctx);
    const at = new Date().toISOString();
    const checkoutRequestId = `ws_CO_${Date.now()}708374149`;
    await expect(
      deposits.create(
        {
          checkoutRequestId,
          merchantRequestId: "m-1",
          userId: user._id,
          amountCents: 10_000,
          phoneNumber: "254708374149",
          status: "pending",
          ledgerLineId: randomUUID().replace(/-/g, "").slice(0, 26).toUpperCase(),
          createdAt: at,
        },
        {
          id: randomUUID(),
          userId: user._id,
          type: "deposit",
          balance: "wallet",
          amountCents: 10_000,
          status: "pending",
          description: "M-Pesa deposit",
          reference: checkoutRequestId,
          createdAt: at,
        },
        user,
      ),
    ).resolves.toBeUndefined();
    expect(faults.stats.injected.lostAfterCommit).toBe(1);
    expect((await createDynamoDepositRepository().get(checkoutRequestId))?.status).toBe("pending");
  });
});
