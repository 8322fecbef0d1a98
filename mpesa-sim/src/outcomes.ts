/**
 * What happens to a payment is decided by the customer's phone number (design.md §7), so every path the product
 * must handle can be driven by hand and by tests without any simulator API. Any valid number not listed pays, unless
 * `PUT /__sim/phones/{msisdn}` told it to act as one of the listed numbers (design.md §12.4, phone-behaviours.ts).
 */

/** How many times the result is POSTed: never (reconciliation must find it), once, or twice (idempotency). */
export type Deliveries = 0 | 1 | 2;

export interface StkScenario {
  resultCode: number;
  deliveries: Deliveries;
}

export interface B2cScenario {
  /** A failure forced by the number; undefined means the payout is processed normally (and usually paid). */
  resultCode?: number;
  deliveries: Deliveries;
  /** M-PESA accepts the request and never decides it: no result, and Transaction Status never answers (stuck). */
  neverDecided?: true;
}

const STK_SCENARIOS: Readonly<Record<string, StkScenario>> = {
  "254700000001": { resultCode: 1, deliveries: 1 },
  "254700001032": { resultCode: 1032, deliveries: 1 },
  "254700001037": { resultCode: 1037, deliveries: 1 },
  "254700002001": { resultCode: 2001, deliveries: 1 },
  "254700002040": { resultCode: 0, deliveries: 1 },
  "254700000002": { resultCode: 0, deliveries: 2 },
  "254700009999": { resultCode: 0, deliveries: 0 },
};

/** C2B (Paybill) payments: how their validation and confirmation reach the product (design.md §12.3). */
export interface C2bScenario {
  /** The validation POST cannot reach the product: M-PESA then does what the registration's ResponseType says. */
  validationUnreachable: boolean;
  /** How many times the confirmation is POSTed. */
  deliveries: Deliveries;
}

const C2B_SCENARIOS: Readonly<Record<string, C2bScenario>> = {
  "254700000002": { validationUnreachable: false, deliveries: 2 },
  "254700000003": { validationUnreachable: true, deliveries: 1 },
  "254700009999": { validationUnreachable: false, deliveries: 0 },
};

const B2C_SCENARIOS: Readonly<Record<string, B2cScenario>> = {
  "254700000001": { resultCode: 1, deliveries: 1 },
  "254700002001": { resultCode: 2001, deliveries: 1 },
  "254700002040": { resultCode: 2040, deliveries: 1 },
  "254700000002": { deliveries: 2 },
  "254700009999": { deliveries: 0 },
  "254700000408": { deliveries: 0, neverDecided: true },
};

/**
 * The numbers with a behaviour of their own (the README's table), any of which another number can be told to act as
 * at run time, per kind of payment (phone-behaviours.ts). A number listed for one kind only acts as any other
 * number (paid) for the other kinds.
 */
export const SPECIAL_NUMBERS: readonly string[] = [
  ...new Set([...Object.keys(STK_SCENARIOS), ...Object.keys(B2C_SCENARIOS), ...Object.keys(C2B_SCENARIOS)]),
].sort();

export function stkScenarioFor(msisdn: string): StkScenario {
  return STK_SCENARIOS[msisdn] ?? { resultCode: 0, deliveries: 1 };
}

export function b2cScenarioFor(msisdn: string): B2cScenario {
  return B2C_SCENARIOS[msisdn] ?? { deliveries: 1 };
}

export function c2bScenarioFor(msisdn: string): C2bScenario {
  return C2B_SCENARIOS[msisdn] ?? { validationUnreachable: false, deliveries: 1 };
}

/** ResultDesc texts as Daraja words them (mpesa.md §1.4, §1.6); clients must match codes, never these. */
export const STK_RESULT_DESC: Readonly<Record<number, string>> = {
  0: "The service request is processed successfully.",
  1: "The balance is insufficient for the transaction.",
  1032: "Request cancelled by user",
  1037: "DS timeout user cannot be reached",
  2001: "The initiator information is invalid.",
  2028: "The request is not permitted according to product assignment",
};

export const B2C_RESULT_DESC: Readonly<Record<number, string>> = {
  0: "The service request is processed successfully.",
  1: "The balance is insufficient for the transaction.",
  2: "Declined due to limit rule: less than the minimum transaction amount.",
  3: "Declined due to limit rule: greater than the maximum transaction amount.",
  2001: "The initiator information is invalid.",
  2028: "The request is not permitted according to product assignment.",
  2040: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
};

/** Transaction Status for a receipt or conversation M-Pesa does not know (as Safaricom words it for receipts). */
export const UNKNOWN_TRANSACTION = { resultCode: 2032, resultDesc: "The transaction receipt number does not exist." };

/** Names for `ReceiverPartyPublicName` / `CreditPartyName` ("<msisdn> - <NAME>"), picked by the last digit. */
const CUSTOMER_NAMES = [
  "JANE W DOE",
  "JOHN K KAMAU",
  "MARY A ODHIAMBO",
  "PETER M MUTUA",
  "GRACE N WANJIKU",
  "DAVID O OTIENO",
  "FAITH C CHEBET",
  "JAMES K KIPROP",
  "ESTHER W NJERI",
  "BRIAN O OCHIENG",
] as const;

export function customerName(msisdn: string): string {
  return CUSTOMER_NAMES[Number(msisdn.at(-1) ?? 0)] ?? CUSTOMER_NAMES[0];
}

export function customerPublicName(msisdn: string): string {
  return `${msisdn} - ${customerName(msisdn)}`;
}
