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

/** The C2B URLs of a Paybill (mpesa.md §9.A B.2): registered once in production. */
export interface C2bUrlRegistration {
  /** The C2B API product of the Daraja app: the other version's path is refused (mpesa.md §9.A B.1). */
  apiVersion: "v1" | "v2";
  shortCode: string;
  /** "Completed": a validation outage must not bounce a customer's money (design.md §12.3). */
  responseType: "Completed" | "Cancelled";
  confirmationUrl: string;
  validationUrl: string;
}

/** One completed C2B payment as Pull Transactions lists it (mpesa.md §9.A B.7). */
export interface PulledPayment {
  transId: string;
  /** When M-Pesa completed it. */
  completedAt: Date;
  amountCents: number;
  /** The account number the payer typed. */
  billRefNumber: string;
  /** The payer's number (2547…/2541…), the only place Daraja gives it in clear. */
  msisdn: string;
  payerName: string;
  /** Safaricom's word for it, e.g. `c2b-pay-bill-debit`. */
  transactionType: string;
}

/** The Paybill's side of Daraja: URL registration and the Pull Transactions reconciliation companion. */
export interface PaybillDarajaPort {
  /** Registers the validation and confirmation URLs; the answer's description as Daraja gave it. */
  registerC2bUrls(registration: C2bUrlRegistration): Promise<{ description: string }>;
  /** The one-time Pull Transactions registration; `alreadyRegistered` when Daraja had it already. */
  registerPullTransactions(input: {
    shortCode: string;
    nominatedNumber: string;
    callbackUrl: string;
  }): Promise<{ alreadyRegistered: boolean; description: string }>;
  /**
   * Every completed payment of the window (all pages), as Daraja lists them; rows that name no payment (no receipt
   * or amount) are left out and counted.
   */
  pullTransactions(input: {
    shortCode: string;
    from: Date;
    to: Date;
  }): Promise<{ payments: PulledPayment[]; unreadableRows: number }>;
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

  /** Production registers a Paybill's C2B URLs once: a second registration is refused with this. */
  get isAlreadyRegistered(): boolean {
    return /already registered/i.test(this.errorMessage);
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
