import {
  ADJUSTMENT_MESSAGES,
  ResolveUnmatchedPaymentSchema,
  UNMATCHED_PAYMENT_MESSAGES,
  UnmatchedPaymentIdPathSchema,
} from "@jengafund/shared";
import { doneOrPending } from "../../http/admin-request.js";
import { httpHandler } from "../../http/middleware.js";
import type { UnmatchedResolution } from "../../modules/admin-controls/index.js";
import { presentAdjustment, presentUnmatchedPayment, unmatchedPayments } from "../../modules/admin-controls/index.js";

type Pending = Extract<UnmatchedResolution, { outcome: "pending" }>;
type Done = Exclude<UnmatchedResolution, Pending>;

const presentDone = (resolution: Done) => ({
  message:
    resolution.outcome === "assigned"
      ? UNMATCHED_PAYMENT_MESSAGES.credited(resolution.user.firstName, resolution.user.lastName)
      : UNMATCHED_PAYMENT_MESSAGES.returned,
  payment: presentUnmatchedPayment(resolution.payment),
});

const presentPending = (resolution: Pending) => ({
  message: ADJUSTMENT_MESSAGES.sentForApproval,
  adjustment: presentAdjustment(resolution.adjustment, new Date()),
  payment: presentUnmatchedPayment(resolution.payment),
});

/**
 * Credits an unmatched payment to a user (200 within the solo limits; 202 when it waits for a second admin, nothing
 * moved) or records it as returned to the payer (200), design.md §12.1 and §12.3.
 */
export const handler = httpHandler(
  "resolve-unmatched-payment",
  { path: UnmatchedPaymentIdPathSchema, body: ResolveUnmatchedPaymentSchema },
  async (request) => {
    const { input, answer } = doneOrPending(request, { done: presentDone, pending: presentPending });
    return answer(await unmatchedPayments().resolve({ id: request.path.id, resolution: request.body, ...input }));
  },
);
