import type { DepositInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/** Asks M-Pesa to prompt the phone; the answer carries the prompt's id and the pending ledger line. */
export const startDeposit = keyedAction((idempotencyKey, input: DepositInput) =>
  apiCall("start-deposit", { body: input, idempotencyKey }),
);
