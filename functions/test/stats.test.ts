import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDynamoStatsRepository } from "../src/modules/admin-controls/dynamo/stats-repository.js";
import { readStats } from "./support/db.js";
import { createPackage } from "./support/packages.js";
import { buildServices, manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

describe("active investments", () => {
  it("counts an investment as active until its maturity day has passed, and retires it once", async () => {
    const clock = manualClock(new Date("2026-11-22T08:00:00.000Z"));
    const { accounts, investments } = buildServices({ clock });
    const soon = await createPackage({ priceCents: 30_000, maturityDate: "2026-11-25T12:00:00.000Z" });
    const later = await createPackage({ priceCents: 30_000, maturityDate: "2027-01-25T12:00:00.000Z" });
    const { user } = await registerUser();
    for (const pkg of [soon, later, soon]) {
      const buyer = await accounts.getUser(user._id);
      if (!buyer) throw new Error("user not found");
      await investments.buy({ buyer, package: pkg, amountKes: 300, requestId: randomUUID() });
    }
    const active = async () => Number((await readStats())?.activeInvestments);
    expect(await active()).toBe(3);

    const stats = createDynamoStatsRepository();
    expect(await stats.retireMatured("2026-11-24")).toBe(0);
    expect(await stats.retireMatured("2026-11-25")).toBe(2);
    expect(await active()).toBe(1);
    expect(await stats.retireMatured("2026-11-25")).toBe(0);
    expect(await stats.retireMatured("2026-12-31")).toBe(0);
    expect(await stats.retireMatured("2027-01-25")).toBe(1);
    expect(await active()).toBe(0);
  });
});
