import { describe, expect, it } from "vitest";
import {
  daysHeld,
  isClaimableToday,
  maturityProgress,
  nextClaimNote,
  nextClaimOpens,
  portfolioTotals,
  profitOf,
} from "../src/features/investments/lib/investment-status";
import { anInvestment } from "./investor-fixtures";

// Nairobi is UTC+3 all year: 21:00Z is Nairobi midnight.
const lastMomentOfNov21 = "2026-11-21T20:59:59.999Z";
const firstMomentOfNov22 = new Date("2026-11-21T21:00:00.000Z");
const lastMomentOfNov22 = new Date("2026-11-22T20:59:59.999Z");

describe("claimable today (spec §4, in Africa/Nairobi days)", () => {
  it("is claimable when the investment was never claimed", () => {
    expect(isClaimableToday(undefined, firstMomentOfNov22)).toBe(true);
  });

  it("is claimable at Nairobi midnight after a claim one millisecond earlier", () => {
    expect(isClaimableToday(lastMomentOfNov21, firstMomentOfNov22)).toBe(true);
  });

  it("is already claimed for the rest of the Nairobi day, even when it is another UTC date", () => {
    expect(isClaimableToday(firstMomentOfNov22.toISOString(), lastMomentOfNov22)).toBe(false);
    // 22:30Z on Nov 21 and 01:00Z on Nov 22 are both Nov 22 in Nairobi.
    expect(isClaimableToday("2026-11-21T22:30:00.000Z", new Date("2026-11-22T01:00:00.000Z"))).toBe(false);
  });

  it("counts an evening claim in Nairobi as the same day a UTC clock would call yesterday", () => {
    // 23:30 Nairobi on Nov 21 is 20:30Z; 02:00 Nairobi on Nov 22 is 23:00Z the same UTC date.
    expect(isClaimableToday("2026-11-21T20:30:00.000Z", new Date("2026-11-21T23:00:00.000Z"))).toBe(true);
  });
});

describe("when the next claim opens (the next Nairobi midnight)", () => {
  const farMaturity = "2027-06-30T09:00:00.000Z";

  it("is the next Nairobi midnight, whatever the UTC date says", () => {
    expect(nextClaimOpens(firstMomentOfNov22, farMaturity)?.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    expect(nextClaimOpens(lastMomentOfNov22, farMaturity)?.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    // 23:30 Nairobi on Dec 31 (20:30Z): the next claim opens on the new year's first Nairobi minute.
    expect(nextClaimOpens(new Date("2026-12-31T20:30:00.000Z"), farMaturity)?.toISOString()).toBe(
      "2026-12-31T21:00:00.000Z",
    );
  });

  it("is none when the investment matures by then: its capital comes back that day and rewards stop", () => {
    // Maturing at 09:00 Nairobi on Nov 23: its maturity day begins at the next midnight.
    expect(nextClaimOpens(firstMomentOfNov22, "2026-11-23T06:00:00.000Z")).toBeUndefined();
    expect(nextClaimOpens(firstMomentOfNov22, "2026-11-24T06:00:00.000Z")?.toISOString()).toBe(
      "2026-11-22T21:00:00.000Z",
    );
  });

  it("reads on a phone set to Nairobi's time as tomorrow at 00:00 Nairobi time", () => {
    expect(nextClaimNote(new Date("2026-11-22T06:00:00.000Z"), farMaturity, "Africa/Nairobi")).toBe(
      "Next claim opens tomorrow at 00:00 Nairobi time.",
    );
    // Dar es Salaam keeps Nairobi's clock: the same words.
    expect(nextClaimNote(new Date("2026-11-22T06:00:00.000Z"), farMaturity, "Africa/Dar_es_Salaam")).toBe(
      "Next claim opens tomorrow at 00:00 Nairobi time.",
    );
  });

  it("reads on a phone set elsewhere in the reader's own time, with Nairobi's midnight beside it", () => {
    // 09:00 Nairobi on Nov 22 is 06:00 in London; Nairobi's midnight is 21:00 there, the same London day.
    expect(nextClaimNote(new Date("2026-11-22T06:00:00.000Z"), farMaturity, "Europe/London")).toBe(
      "Next claim opens today at 21:00 your time (midnight in Nairobi).",
    );
    // 18:00 Nairobi is 00:00 in Tokyo the next day; Nairobi's midnight is 06:00 there, the same Tokyo day.
    expect(nextClaimNote(new Date("2026-11-22T15:00:00.000Z"), farMaturity, "Asia/Tokyo")).toBe(
      "Next claim opens today at 06:00 your time (midnight in Nairobi).",
    );
    // 14:00 Nairobi is 20:00 in Tokyo; Nairobi's midnight is 06:00 there tomorrow.
    expect(nextClaimNote(new Date("2026-11-22T11:00:00.000Z"), farMaturity, "Asia/Tokyo")).toBe(
      "Next claim opens tomorrow at 06:00 your time (midnight in Nairobi).",
    );
  });

  it("says when today's was the last reward", () => {
    expect(nextClaimNote(firstMomentOfNov22, "2026-11-23T06:00:00.000Z", "America/New_York")).toBe(
      "That was the last reward: it matures on Nov 23, 2026.",
    );
  });
});

describe("investment figures", () => {
  it("clamps the maturity progress to 0–100", () => {
    const start = "2026-01-01T00:00:00.000Z";
    const end = "2026-01-11T00:00:00.000Z";
    expect(maturityProgress(start, end, new Date("2025-12-31T00:00:00.000Z"))).toBe(0);
    expect(maturityProgress(start, end, new Date("2026-01-06T00:00:00.000Z"))).toBe(50);
    expect(maturityProgress(start, end, new Date("2026-02-01T00:00:00.000Z"))).toBe(100);
  });

  it("counts whole days held", () => {
    expect(daysHeld("2026-01-01T10:00:00.000Z", new Date("2026-01-03T09:59:59.000Z"))).toBe(1);
  });

  it("works out profit and the portfolio totals in whole cents", () => {
    const first = anInvestment({ amount: 300.1, currentValue: 300.3, totalRewardsClaimed: 0.2 });
    const second = anInvestment({ amount: 500.2, currentValue: 506.7, totalRewardsClaimed: 6.5 });
    expect(profitOf(first).amount).toBe(0.2);
    expect(profitOf(second).percent).toBeCloseTo(1.2995, 3);
    expect(portfolioTotals([first, second])).toEqual({
      invested: 800.3,
      currentValue: 807,
      rewards: 6.7,
      gains: 6.7,
    });
  });
});
