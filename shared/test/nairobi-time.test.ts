import { describe, expect, it } from "vitest";
import { nairobiInstant, nairobiShortDateTime, nairobiWallClock } from "../src/nairobi-time.js";
import { SECURITY_MESSAGES } from "../src/schemas/messages.js";

describe("nairobiShortDateTime (date-fns 'MMM dd, HH:mm' on Nairobi's clock)", () => {
  it("writes an instant as Nairobi's wall clock, the day padded, across a UTC day and year boundary", () => {
    expect(nairobiShortDateTime(new Date("2026-12-03T11:05:00Z"))).toBe("Dec 03, 14:05");
    // 22:30 UTC on New Year's Eve is already 01:30 on January 1st in Nairobi.
    expect(nairobiShortDateTime(new Date("2026-12-31T22:30:00Z"))).toBe("Jan 01, 01:30");
  });

  it("is what a new payout number's refusal names (design.md §13.2)", () => {
    expect(SECURITY_MESSAGES.payoutNumberWaiting(nairobiShortDateTime(new Date("2026-06-09T05:00:00Z")))).toBe(
      "This number can receive payouts from Jun 09, 08:00 (Nairobi time)",
    );
  });
});

describe("nairobiInstant (a time on Nairobi's clock, without an offset)", () => {
  it("reads the wall clock three hours ahead of UTC, across a UTC day and year boundary", () => {
    expect(nairobiInstant("2026-06-09T08:00:00").toISOString()).toBe("2026-06-09T05:00:00.000Z");
    // Nairobi's midnight on New Year's Day is still the last evening of the year in UTC.
    expect(nairobiInstant("2027-01-01T00:00").toISOString()).toBe("2026-12-31T21:00:00.000Z");
    expect(nairobiInstant("2026-03-15T12:34:56.789").toISOString()).toBe("2026-03-15T09:34:56.789Z");
  });

  it("undoes nairobiWallClock", () => {
    const instant = new Date("2026-10-31T22:15:30.250Z");
    expect(nairobiInstant(nairobiWallClock(instant)).getTime()).toBe(instant.getTime());
  });

  it("gives an Invalid Date for a time that is not one", () => {
    expect(Number.isNaN(nairobiInstant("2026-13-01T00:00:00").getTime())).toBe(true);
    expect(Number.isNaN(nairobiInstant("2026-01-01T25:00:00").getTime())).toBe(true);
    expect(Number.isNaN(nairobiInstant("not a time").getTime())).toBe(true);
  });
});
