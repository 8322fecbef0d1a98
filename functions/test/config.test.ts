import { MAX_PAYOUT_KES } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/kernel/config.js";

describe("configuration from the environment", () => {
  it("gives every variable its default when the environment sets nothing", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      TABLE_NAME: "jengafund",
      JWT_TTL_SECONDS: 8 * 3600,
      MPESA_SHORTCODE: "174379",
      MPESA_TRANSACTION_TYPE: "CustomerPayBillOnline",
      MPESA_CONFIRM_STK: false,
      MAILER: "ses",
      MAX_PAYOUT_KES,
    });
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.DYNAMODB_ENDPOINT).toBeUndefined();
  });

  it("reads numbers, switches, choices and addresses as they are written in an environment", () => {
    const config = parseConfig({
      JWT_TTL_SECONDS: "600",
      MPESA_CONFIRM_STK: "true",
      REQUIRE_ADMIN_2FA: "0",
      MAILER: "smtp",
      MPESA_TRANSACTION_TYPE: "CustomerBuyGoodsOnline",
      DYNAMODB_ENDPOINT: "http://127.0.0.1:8000",
      JWT_SECRET: "s".repeat(32),
    });
    expect(config).toMatchObject({
      JWT_TTL_SECONDS: 600,
      MPESA_CONFIRM_STK: true,
      REQUIRE_ADMIN_2FA: false,
      MAILER: "smtp",
      MPESA_TRANSACTION_TYPE: "CustomerBuyGoodsOnline",
      DYNAMODB_ENDPOINT: "http://127.0.0.1:8000",
      JWT_SECRET: "s".repeat(32),
    });
    for (const word of ["yes", "on", "1", "TRUE", "enabled"])
      expect(parseConfig({ MPESA_CONFIRM_STK: word }).MPESA_CONFIRM_STK).toBe(true);
    for (const word of ["no", "off", "0", "False", "disabled"])
      expect(parseConfig({ MPESA_CONFIRM_STK: word }).MPESA_CONFIRM_STK).toBe(false);
  });

  it.each([
    ["JWT_TTL_SECONDS", "0", "must be a whole number above 0"],
    ["JWT_TTL_SECONDS", "1.5", "must be a whole number above 0"],
    ["LOGIN_MAX_FAILURES_PER_HOUR", "lots", "must be a whole number above 0"],
    ["SMTP_PORT", "", "must be a whole number above 0"],
    ["MPESA_CONFIRM_STK", "maybe", "must be true or false"],
    ["MAILER", "pigeon", "must be one of smtp, ses"],
    ["MPESA_SHORTCODE", "12", "must match /^\\d{5,7}$/"],
    ["WEB_ORIGIN", "jengafund.co.ke", "must be a URL"],
    ["JWT_SECRET", "short", "JWT_SECRET must be at least 32 characters (256 bits)"],
    ["ORIGIN_SECRET", "short", "must be at least 16 characters"],
    ["TABLE_NAME", "", "must be at least 1 character"],
  ])("refuses %s=%j: %s", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(`Invalid configuration: ${name}: ${message}`);
  });

  it("names every variable in error at once", () => {
    expect(() => parseConfig({ JWT_TTL_SECONDS: "-5", MAILER: "fax", TABLE_NAME: "ok" })).toThrow(
      "Invalid configuration: JWT_TTL_SECONDS: must be a whole number above 0; MAILER: must be one of smtp, ses",
    );
  });
});
