/**
 * Admin screens show Nairobi time whatever the browser's time zone (design.md §12.7): the same instant reads the
 * same in a browser set to New York, to UTC or to Nairobi itself.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  formatNairobiDate,
  formatNairobiDateTime,
  formatNairobiLongDateTime,
  formatNairobiTime,
} from "../src/lib/format";

const browserZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = browserZone;
});

describe.each(["America/New_York", "UTC", "Asia/Tokyo"])("in a browser set to %s", (zone) => {
  it("writes an instant on Nairobi's clock in the spec's formats", () => {
    process.env.TZ = zone;
    // 21:30 UTC on Jan 05 is 00:30 on Jan 06 in Nairobi (UTC+3 all year).
    const instant = "2026-01-05T21:30:00.000Z";
    expect(formatNairobiDate(instant)).toBe("Jan 06, 2026");
    expect(formatNairobiTime(instant)).toBe("00:30");
    expect(formatNairobiDateTime(instant)).toBe("Jan 06, 2026 00:30");
    expect(formatNairobiLongDateTime(instant)).toBe("January 06, 2026 00:30");
    expect(formatNairobiDateTime("2026-09-30T09:05:00.000Z")).toBe("Sep 30, 2026 12:05");
  });
});
