import { describe, expect, it } from "vitest";
import {
  parsePayoutResult,
  parseStatusResult,
  parseStkCallback,
  resultCodeOf,
} from "../src/adapters/daraja/callbacks.js";
import { assertCallbackUrl, darajaTimestamp, stkPassword } from "../src/adapters/daraja/client.js";

describe("Daraja client details", () => {
  it("derives the STK password from shortcode, passkey and timestamp (the published test vector)", () => {
    const passkey = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
    expect(stkPassword("174379", passkey, "20250301143005")).toBe(
      "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjUwMzAxMTQzMDA1",
    );
  });

  it("stamps requests in Nairobi time as YYYYMMDDHHmmss", () => {
    expect(darajaTimestamp(new Date("2026-11-21T21:30:05.000Z"))).toBe("20261122003005");
  });

  it("refuses callback URLs Daraja would silently never call", () => {
    expect(() =>
      assertCallbackUrl("https://abc123.execute-api.af-south-1.amazonaws.com/api/hooks/daraja/stk/ab12"),
    ).toThrow(/contains "exe"/);
    expect(() => assertCallbackUrl("https://pay.example.co.ke/api/mpesa/stk")).toThrow(/mpesa/);
    expect(assertCallbackUrl("https://pay.example.co.ke/api/hooks/daraja/stk/ab12")).toContain("/hooks/daraja/stk/");
  });

  it("reads result codes as text, whether numbers, numeric strings or codes like SFC_IC0003", () => {
    expect(resultCodeOf(0)).toBe("0");
    expect(resultCodeOf("1032")).toBe("1032");
    expect(resultCodeOf(" SFC_IC0003 ")).toBe("SFC_IC0003");
    expect(resultCodeOf(undefined)).toBeUndefined();
  });

  it("reads callbacks leniently: amounts as strings, a Balance without value, items in any order", () => {
    expect(
      parseStkCallback({
        Body: {
          stkCallback: {
            CheckoutRequestID: "ws_CO_1",
            ResultCode: "0",
            ResultDesc: "ok",
            CallbackMetadata: {
              Item: [
                { Name: "Balance" },
                { Name: "MpesaReceiptNumber", Value: "UKB1234567" },
                { Name: "Amount", Value: "150.00" },
              ],
            },
          },
        },
      }),
    ).toEqual({
      checkoutRequestId: "ws_CO_1",
      resultCode: "0",
      resultDesc: "ok",
      amountKes: 150,
      receipt: "UKB1234567",
    });
    expect(parseStkCallback({ Body: {} })).toBeNull();
    expect(
      parsePayoutResult({ Result: { ResultCode: 2040, OriginatorConversationID: "W1", ResultDesc: "x" } }),
    ).toMatchObject({
      resultCode: "2040",
    });
    expect(
      parseStatusResult({
        Result: { ResultCode: 0, ReferenceData: { ReferenceItem: { Key: "Occasion", Value: "W2" } } },
      }),
    ).toEqual({ originatorConversationId: "W2", queryResultCode: "0", resultDesc: "" });
  });
});
