/**
 * The SMS alerts' words (functions/src/notifications/sms-texts.ts): every kind, at the largest amount and the longest
 * receipt and number it can carry, fits one GSM-7 SMS, and none gives away more than the move itself.
 */
import { MAX_DEPOSIT_KES } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import {
  balanceAdjustedSmsText,
  gsm7Length,
  type MoneySmsKind,
  maskPhone,
  moneySmsText,
  type SecuritySmsKind,
  SINGLE_SMS_SEPTETS,
  SMS_PACKAGE_NAME_MAX,
  securitySmsText,
  smsPackageName,
} from "../src/modules/messaging/sms-texts.js";

const kinds: MoneySmsKind[] = [
  "deposit-credited",
  "withdrawal-requested",
  "withdrawal-rejected",
  "payout-sent",
  "payout-failed",
  "capital-returned",
];

/** A package name as long as the admin form allows (100), with characters outside GSM-7 and a line break. */
const LONGEST_PACKAGE_NAME = `Équité “Premium” Fund\n${"Kilimo Agribusiness Growth ".repeat(4)}`.slice(0, 100);

describe("SMS alert texts", () => {
  it("fit one GSM-7 SMS for every kind at the largest amount, receipt and number", () => {
    // Larger than any single move the limits allow, so a limit raised later still fits.
    const largest = {
      amountCents: 99_999_999_99,
      receipt: "QK12ABC3DEXY",
      phoneNumber: "254712345678",
      packageName: LONGEST_PACKAGE_NAME,
    };
    expect(MAX_DEPOSIT_KES * 100).toBeLessThan(largest.amountCents);
    expect(LONGEST_PACKAGE_NAME).toHaveLength(100);
    for (const kind of kinds) {
      for (const trial of [false, true]) {
        const text = moneySmsText(kind, { ...largest, trial });
        const septets = gsm7Length(text);
        expect(septets, `${kind}: ${text}`).toBeDefined();
        expect(septets, `${kind}: ${text}`).toBeLessThanOrEqual(SINGLE_SMS_SEPTETS);
      }
    }
  });

  it("say where a matured investment's capital went, real or trial, naming the package (design.md §13.6)", () => {
    expect(moneySmsText("capital-returned", { amountCents: 100_000, packageName: "Safaricom Growth Fund" })).toBe(
      "JengaFund: KES 1,000.00 capital from Safaricom Growth Fund matured and is back in your wallet.",
    );
    expect(
      moneySmsText("capital-returned", { amountCents: 30_000, packageName: "Safaricom Growth Fund", trial: true }),
    ).toBe("JengaFund: KES 300.00 of trial money from Safaricom Growth Fund matured and is back in your account.");
    // A name the admin typed is kept to GSM-7 on one line and cut to fit.
    expect(smsPackageName("Équité “Premium”\nFund 🌱")).toBe("Équité Premium Fund");
    const cut = smsPackageName(LONGEST_PACKAGE_NAME);
    expect(cut.length).toBeLessThanOrEqual(SMS_PACKAGE_NAME_MAX);
    expect(cut.endsWith("...")).toBe(true);
  });

  it("name the amount and the receipt, mask the number, and carry no balance, link or token", () => {
    const text = moneySmsText("payout-sent", {
      amountCents: 150_000,
      receipt: "QK12ABC3DE",
      phoneNumber: "254712341149",
    });
    expect(text).toBe(
      "JengaFund: KES 1,500.00 sent to 2547****1149 (M-Pesa QK12ABC3DE). Not you? Contact JengaFund support.",
    );
    for (const kind of kinds) {
      const words = moneySmsText(kind, { amountCents: 1, receipt: "R", phoneNumber: "254712341149" });
      expect(words).not.toMatch(/balance|http|www\.|token|254712341149/i);
    }
  });

  it("fit one GSM-7 SMS for every security notice, with no link, code or token", () => {
    const notices: SecuritySmsKind[] = [
      "password-changed",
      "two-factor-on",
      "two-factor-off",
      "recovery-code-used",
      "second-factor-locked",
      "new-browser",
      "payout-number-blocked",
      "notifications-changed",
    ];
    for (const kind of notices) {
      const text = securitySmsText(kind);
      expect(gsm7Length(text), `${kind}: ${text}`).toBeLessThanOrEqual(SINGLE_SMS_SEPTETS);
      expect(text).toMatch(/^JengaFund: .* Not you\? Contact JengaFund support\.$/);
      expect(text).not.toMatch(/http|www\.|token|\d{4,}/i);
    }
  });

  it("name a new payout number masked, when payouts to it start, and its block link, in one SMS (design.md §13.2)", () => {
    // A web origin of 40 characters and a block token as long as the settlement makes it (22).
    const blockLink = `https://app.jengafund-production.co.ke/block-payout-number?token=${"A".repeat(22)}`;
    const text = securitySmsText("payout-number-proven", {
      phoneNumber: "254798761234",
      usableFrom: new Date("2026-12-03T11:05:00Z"),
      blockLink,
    });
    expect(text).toBe(`JengaFund: payouts to 2547****1234 start Dec 03, 14:05. Not you? Block: ${blockLink}`);
    expect(gsm7Length(text)).toBeLessThanOrEqual(SINGLE_SMS_SEPTETS);
    expect(securitySmsText("payout-number-blocked", { phoneNumber: "254798761234" })).toContain("2547****1234");
  });

  it("tell an admin's credit or debit with its reason, fitted into one GSM-7 SMS (design.md §13.6)", () => {
    expect(balanceAdjustedSmsText({ amountCents: -25_050, reason: "Duplicate credit reversed" })).toBe(
      "JengaFund: KES 250.50 debited from your wallet by an admin. Reason: Duplicate credit reversed",
    );
    // The longest reason the API takes, typed on a phone: curly quotes, dashes, an emoji, line breaks.
    const typed = `Customer\u2019s \u201CM-Pesa\u201D payment \u2013 confirmed \uD83D\uDE4F\n${"checked with the bank ".repeat(30)}`;
    for (const amountCents of [99_999_999_99, -99_999_999_99, 1]) {
      const text = balanceAdjustedSmsText({ amountCents, reason: typed.slice(0, 500), receipt: "QK12ABC3DEXY" });
      expect(gsm7Length(text), text).toBeLessThanOrEqual(SINGLE_SMS_SEPTETS);
      expect(text).toMatch(
        /^JengaFund: KES [\d,.]+ (credited to|debited from) your wallet by an admin \(M-Pesa QK12ABC3DEXY\)\. Reason: Customer's "M-Pesa" payment - confirmed \? checked with.*[^ ]\.\.\.$/,
      );
      expect(text).not.toMatch(/ {2}|\n/);
    }
    // A short reason is kept whole.
    const short = balanceAdjustedSmsText({ amountCents: 150_000, reason: "  Goodwill\n for   the outage " });
    expect(short).toBe("JengaFund: KES 1,500.00 credited to your wallet by an admin. Reason: Goodwill for the outage");
  });

  it("count GSM-7 extension characters twice and refuse what would turn the SMS into UCS-2", () => {
    expect(gsm7Length("KES 1.00")).toBe(8);
    expect(gsm7Length("[€]")).toBe(6);
    expect(gsm7Length("2547••••1149")).toBeUndefined();
    expect(gsm7Length("Asante 🙏")).toBeUndefined();
    expect(maskPhone("254712341149")).toBe("2547****1149");
  });
});
