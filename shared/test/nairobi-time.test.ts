import { describe, expect, it } from "vitest";
import { nairobiShortDateTime } from "../src/nairobi-time.js";
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
