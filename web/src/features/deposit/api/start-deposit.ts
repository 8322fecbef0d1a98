import type { DepositInput, Transaction } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";
import { keyedAction } from "../../../lib/keyed-action";

export interface DepositStarted {
  message: string;
  /** M-Pesa's id for the prompt; the deposit is watched by it. */
  checkoutRequestId: string;
  amount: number;
  /** The pending ledger line; no money has moved yet. */
  transaction: Transaction;
  /** Only when the payment settled at once (spec §4). An M-Pesa prompt never does, but the contract allows it. */
  newBalance?: number;
}

export const startDeposit = keyedAction((idempotencyKey, input: DepositInput) =>
  apiRequest<DepositStarted>("POST", "/mpesa/deposit", { body: input, idempotencyKey }),
);
