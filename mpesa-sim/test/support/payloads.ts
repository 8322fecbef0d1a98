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
