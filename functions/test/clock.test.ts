import { describe, expect, it } from "vitest";
import { nairobiDay } from "../src/kernel/clock.js";
import { ulid } from "../src/kernel/ids.js";

describe("nairobiDay", () => {
  it("turns over at midnight Nairobi time, which is 21:00 UTC", () => {
    expect(nairobiDay(new Date("2026-11-21T20:59:59.999Z"))).toBe("2026-11-21");
    expect(nairobiDay(new Date("2026-11-21T21:00:00.000Z"))).toBe("2026-11-22");
  });
});

describe("ulid", () => {
  it("sorts by creation time", () => {
    const earlier = ulid(Date.UTC(2026, 0, 1));
    const later = ulid(Date.UTC(2026, 0, 1) + 1);
    expect(earlier).toHaveLength(26);
    expect(earlier < later).toBe(true);
  });
});
