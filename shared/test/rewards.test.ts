import { describe, expect, it } from "vitest";
import { dailyRewardCents, maturityDayOfPurchase } from "../src/rewards.js";

describe("the terms of a purchase (design.md §12.7)", () => {
  it("pays one day's reward rounded down to the cent, as the claim does", () => {
    expect(dailyRewardCents(30_000, 1.3)).toBe(390);
    // KES 1,000.55 at 1.3 % is KES 13.00715: the claim pays KES 13.00.
    expect(dailyRewardCents(100_055, 1.3)).toBe(1300);
  });

  it("dates a purchase's maturity by the Nairobi calendar day of its package's maturity instant", () => {
    // 21:00 UTC is midnight in Nairobi (UTC+3 all year).
    expect(maturityDayOfPurchase({ maturityDate: "2027-01-20T20:59:59.999Z" })).toBe("2027-01-20");
    expect(maturityDayOfPurchase({ maturityDate: "2027-01-20T21:00:00.000Z" })).toBe("2027-01-21");
  });
});
