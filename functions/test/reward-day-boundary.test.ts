import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AlreadyClaimedError } from "../src/kernel/errors.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { createPackage } from "./support/packages.js";
import { buildServices, manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

describe("daily reward and the Africa/Nairobi day (UTC+3)", () => {
  it("allows exactly two claims across Nairobi midnight: at 23:59:59.999 and at 00:00:00.000", async () => {
    const pkg = await createPackage({ dailyReturnRate: 1 });
    const { user } = await registerUser();
    // 23:59:59.999 in Nairobi is 20:59:59.999 UTC.
    const clock = manualClock(new Date("2026-11-21T20:59:59.999Z"));
    const { accounts, investments } = buildServices({ clock });
    const claimant = async () => {
      const found = await accounts.getUser(user._id);
      if (!found) throw new Error("user not found");
      return found;
    };

    clock.set(new Date("2026-11-21T12:00:00.000Z"));
    const { investment } = await investments.buy({
      buyer: await claimant(),
      package: pkg,
      amountKes: 500,
      requestId: randomUUID(),
    });
    const claimAt = async (iso: string) => {
      clock.set(new Date(iso));
      const current = (await buildServices({ clock }).investor.listInvestments(user._id)).find(
        (i) => i.id === investment.id,
      );
      return investments.claim({ claimant: await claimant(), investment: current, requestId: randomUUID() });
    };

    await expect(claimAt("2026-11-21T20:59:59.999Z")).resolves.toMatchObject({ rewardCents: 500 });
    await expect(claimAt("2026-11-21T20:59:59.999Z")).rejects.toBeInstanceOf(AlreadyClaimedError);
    await expect(claimAt("2026-11-21T21:00:00.000Z")).resolves.toMatchObject({ rewardCents: 500 });
    await expect(claimAt("2026-11-22T20:59:59.000Z")).rejects.toBeInstanceOf(AlreadyClaimedError);

    expect((await claimant()).trialBalanceCents).toBe(100_000 - 50_000 + 1_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("stops paying once the investment has matured", async () => {
    const maturity = new Date("2026-12-01T09:00:00.000Z");
    const pkg = await createPackage({ maturityDate: maturity.toISOString() });
    const { user } = await registerUser();
    const clock = manualClock(new Date("2026-11-30T09:00:00.000Z"));
    const { accounts, investments, investor } = buildServices({ clock });
    const buyer = await accounts.getUser(user._id);
    if (!buyer) throw new Error("user not found");
    const { investment } = await investments.buy({
      buyer,
      package: pkg,
      amountKes: 500,
      requestId: randomUUID(),
    });
    clock.set(maturity);
    const stored = (await investor.listInvestments(user._id))[0];
    await expect(investments.claim({ claimant: buyer, investment: stored, requestId: randomUUID() })).rejects.toThrow(
      "This investment has matured; no more daily rewards",
    );
    expect(stored?.id).toBe(investment.id);
  });
});
