import { createHash, randomBytes } from "node:crypto";

/**
 * A C2B payment as Daraja posts it to the validation and confirmation URLs (v2: the MSISDN hashed). A fresh receipt
 * (`TK` and 8 hex digits) unless the test names one.
 */
export function c2bPayment(fields: {
  BillRefNumber: string;
  TransAmount: string;
  TransID?: string;
  TransTime?: string;
  MSISDN?: string;
}) {
  return {
    TransactionType: "Pay Bill",
    TransID: fields.TransID ?? `TK${randomBytes(4).toString("hex").toUpperCase()}`,
    TransTime: fields.TransTime ?? "20261126081530",
    TransAmount: fields.TransAmount,
    BusinessShortCode: "600984",
    BillRefNumber: fields.BillRefNumber,
    InvoiceNumber: "",
    OrgAccountBalance: "",
    ThirdPartyTransID: "",
    MSISDN: fields.MSISDN ?? createHash("sha256").update("254708374149").digest("hex"),
    FirstName: "WANJIRU",
    MiddleName: "",
    LastName: "KAMAU",
  };
}
