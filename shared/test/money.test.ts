import { describe, expect, it } from "vitest";
import { centsToKes, formatKes, kesToCents } from "../src/money.js";

describe("money", () => {
  it("converts KES with up to two decimals to exact cents", () => {
    expect(kesToCents(1000)).toBe(100_000);
    expect(kesToCents(0.1)).toBe(10);
    expect(kesToCents(19.99)).toBe(1999);
    expect(kesToCents(1234.56)).toBe(123_456);
    expect(centsToKes(123_456)).toBe(1234.56);
  });

  it("refuses fractions of a cent and non-finite numbers instead of rounding them away", () => {
    expect(() => kesToCents(0.001)).toThrow(RangeError);
    expect(() => kesToCents(Number.NaN)).toThrow(RangeError);
    expect(() => kesToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("formats amounts as KES with thousands separators and two decimals", () => {
    expect(formatKes(1000)).toBe("KES 1,000.00");
    expect(formatKes(1234.5)).toBe("KES 1,234.50");
    expect(formatKes(0)).toBe("KES 0.00");
  });
});
