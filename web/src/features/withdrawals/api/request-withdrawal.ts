import type { WithdrawalRequestInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/** The answer carries the requester with the amount already held out of the wallet. */
export const requestWithdrawal = keyedAction((idempotencyKey, input: WithdrawalRequestInput) =>
  apiCall("request-withdrawal", { body: input, idempotencyKey }),
);
