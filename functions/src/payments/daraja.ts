/**
 * The port the services use to talk to Safaricom's Daraja API. Amounts are whole shillings, phones 12-digit
 * MSISDNs. Results of asynchronous calls arrive later on the callback routes.
 */
export interface StkPushRequest {
  amountKes: number;
  phoneNumber: string;
  /** Shown to the customer in the prompt; ≤ 12 characters. */
  accountReference: string;
  /** ≤ 13 characters. */
  description: string;
}

export type StkQueryResult =
  /** Still on the customer's phone, or too early to tell. */
  { state: "pending" } | { state: "final"; resultCode: string; resultDesc: string };

export interface B2cRequest {
  /** Our id of the payout: a repeat is refused by Daraja, which makes a retry safe. */
  originatorConversationId: string;
  amountKes: number;
  phoneNumber: string;
  remarks: string;
}

export interface DarajaPort {
  stkPush(request: StkPushRequest): Promise<{ checkoutRequestId: string; merchantRequestId: string }>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  b2cPayment(request: B2cRequest): Promise<{ conversationId: string }>;
  /**
   * Asks for the status of a payout; the answer arrives on the status result callback, carrying the ConversationID
   * returned here (which only we and Daraja know).
   */
  transactionStatus(originatorConversationId: string): Promise<{ conversationId: string }>;
}

/** A synchronous Daraja refusal: its error code and message as Daraja sent them. */
export class DarajaError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {
    super(`Daraja ${errorCode}: ${errorMessage}`);
    this.name = "DarajaError";
  }

  get isDuplicateOriginator(): boolean {
    return this.errorCode === "500.002.1001" && /duplicate/i.test(this.errorMessage);
  }

  get isInvalidToken(): boolean {
    return /invalid access token/i.test(this.errorMessage) || ["404.001.03", "401.002.01"].includes(this.errorCode);
  }
}

/**
 * The callback kinds, each with its own route `/api/hooks/daraja/<kind>/<token>`. `c2b-confirmation` is the
 * Paybill's confirmation URL (registered with the C2B URLs, not sent with a request).
 */
export const CALLBACK_KINDS = [
  "stk",
  "b2c-result",
  "b2c-timeout",
  "status-result",
  "status-timeout",
  "c2b-confirmation",
] as const;
export type CallbackKind = (typeof CALLBACK_KINDS)[number];
