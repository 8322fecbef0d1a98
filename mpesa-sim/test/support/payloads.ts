/** The callback shapes the simulator POSTs, as the product's settle handler will read them. */
export interface StkCallback {
  Body: {
    stkCallback: {
      MerchantRequestID: string;
      CheckoutRequestID: string;
      ResultCode: number;
      ResultDesc: string;
      CallbackMetadata?: { Item: Array<{ Name: string; Value?: string | number }> };
    };
  };
}

export interface DarajaResult {
  Result: {
    ResultType: number;
    ResultCode: number;
    ResultDesc: string;
    OriginatorConversationID: string;
    ConversationID: string;
    TransactionID: string;
    ResultParameters?: { ResultParameter: Array<{ Key: string; Value?: string | number }> };
    ReferenceData: { ReferenceItem: { Key: string; Value?: string } };
  };
}

export interface ErrorBody {
  requestId: string;
  errorCode: string;
  errorMessage: string;
}

/** The C2B validation and confirmation body (mpesa.md §9.A B.3). */
export interface C2bPayload {
  TransactionType: string;
  TransID: string;
  TransTime: string;
  TransAmount: string;
  BusinessShortCode: string;
  BillRefNumber: string;
  InvoiceNumber: string;
  OrgAccountBalance: string;
  ThirdPartyTransID: string;
  MSISDN: string;
  FirstName: string;
  MiddleName: string;
  LastName: string;
}
