import { randomUUID } from "node:crypto";
import { nairobiInstant } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { ulid } from "../src/kernel/ids.js";
import { log } from "../src/kernel/log.js";
import { createDynamoMaturityRepository } from "../src/modules/investing/dynamo/maturity-repository.js";
import { createMaturityService } from "../src/modules/investing/maturities.js";
import { readStats } from "./support/db.js";
import { createPackage } from "./support/packages.js";
import { buildServices, manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

describe("active investments", () => {
  it("counts an investment as active until its capital comes back on its Nairobi maturity day, and once", async () => {
    const clock = manualClock(new Date("2026-11-22T08:00:00.000Z"));
    const { accounts, investments } = buildServices({ clock });
    const maturities = createMaturityService({ maturities: createDynamoMaturityRepository(), clock, newId: ulid, log });
    const soon = await createPackage({ priceCents: 30_000, maturityDate: "2026-11-25T12:00:00.000Z" });
    const later = await createPackage({ priceCents: 30_000, maturityDate: "2027-01-25T12:00:00.000Z" });
    const { user } = await registerUser();
    for (const pkg of [soon, later, soon]) {
      const buyer = await accounts.getUser(user._id);
      if (!buyer) throw new Error("user not found");
      await investments.buy({ buyer, package: pkg, amountKes: 300, requestId: randomUUID() });
    }
    const active = async () => Number((await readStats())?.activeInvestments);
    const matureAt = async (nairobiWallClock: string) => {
      clock.set(nairobiInstant(nairobiWallClock));
      return (await maturities.returnMaturedCapital({ timeLeftMs: () => 60_000 })).matured;
    };
    expect(await active()).toBe(3);

    expect(await matureAt("2026-11-24T23:59:59.999")).toBe(0);
    expect(await active()).toBe(3);
    expect(await matureAt("2026-11-25T00:00:00.000")).toBe(2);
    expect(await active()).toBe(1);
    expect(await matureAt("2026-11-25T18:00:00.000")).toBe(0);
    expect(await matureAt("2026-12-31T12:00:00.000")).toBe(0);
    expect(await active()).toBe(1);
    expect(await matureAt("2027-01-25T00:05:00.000")).toBe(1);
    expect(await active()).toBe(0);
  });
});
