/** The pure pieces of Paybill deposits: exact amounts from Daraja's decimal strings, and what an account number names. */
import { describe, expect, it } from "vitest";
import { decimalKesToCents, parseC2bPayment } from "../src/adapters/daraja/callbacks.js";
import { accountReferenceOf, localPhoneForm } from "../src/modules/money-in/paybill.js";

describe("decimalKesToCents", () => {
  it.each([
    ["5.00", 500],
    ["1", 100],
    ["1234.5", 123_450],
    ["0.07", 7],
    ["250000.00", 25_000_000],
    ["41880264.80", 4_188_026_480],
    [5, 500],
    [12.5, 1_250],
  ])("reads %j as %i cents, exactly", (text, cents) => {
    expect(decimalKesToCents(text)).toBe(cents);
  });

  it.each(["", " 5", "5 ", "-5", "+5", "1e3", "1.234", ".5", "5.", "abc", "1,000", "0x10", null, undefined, {}, 1e21])(
    "refuses %j",
    (text) => {
      expect(decimalKesToCents(text)).toBeNull();
    },
  );
});

describe("parseC2bPayment", () => {
  const payment = {
    TransactionType: "Pay Bill",
    TransID: "RKL51ZDR4F",
    TransTime: "20231121121325",
    TransAmount: "5.00",
    BusinessShortCode: "600966",
    BillRefNumber: "0712345678",
    InvoiceNumber: "",
    OrgAccountBalance: "25.00",
    ThirdPartyTransID: "",
    MSISDN: "2547 ***** 126",
    FirstName: "NICHOLAS",
    MiddleName: "",
    LastName: "",
  };

  it("reads Daraja's payload, the amount in cents and the payer's number as given", () => {
    expect(parseC2bPayment(payment)).toEqual({
      transId: "RKL51ZDR4F",
      transTime: "20231121121325",
      amountCents: 500,
      billRefNumber: "0712345678",
      businessShortCode: "600966",
      transactionType: "Pay Bill",
      msisdn: "2547 ***** 126",
      payerName: "NICHOLAS",
      orgAccountBalance: "25.00",
    });
  });

  it("keeps the receipt in M-Pesa's form, trimmed and upper case, whatever case it was delivered in", () => {
    expect(parseC2bPayment({ ...payment, TransID: " rkl51zdr4f " })?.transId).toBe("RKL51ZDR4F");
    expect(parseC2bPayment({ ...payment, TransID: "Rkl51ZDr4F" })?.transId).toBe("RKL51ZDR4F");
  });

  it.each([
    ["no receipt", { ...payment, TransID: "" }],
    ["a receipt that is no key", { ...payment, TransID: "RKL#1" }],
    ["a malformed amount", { ...payment, TransAmount: "5.001" }],
    ["a zero amount", { ...payment, TransAmount: "0.00" }],
    ["no amount", { ...payment, TransAmount: undefined }],
  ])("refuses a payload with %s", (_, body) => {
    expect(parseC2bPayment(body)).toBeNull();
  });
});

describe("accountReferenceOf", () => {
  it.each([
    ["0712345678", { msisdn: "254712345678" }],
    ["0112345678", { msisdn: "254112345678" }],
    ["254712345678", { msisdn: "254712345678" }],
    ["+254 712 345 678", { msisdn: "254712345678" }],
    [" ab3k9xq2 ", { referralCode: "AB3K9XQ2" }],
    ["", null],
    ["a#b", null],
  ])("reads %j as %j", (typed, reference) => {
    expect(accountReferenceOf(typed)).toEqual(reference);
  });

  it("writes a stored MSISDN in the 07/01 form a customer types", () => {
    expect(localPhoneForm("254712345678")).toBe("0712345678");
    expect(localPhoneForm("254112345678")).toBe("0112345678");
  });
});
