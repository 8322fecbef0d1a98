import type { BalanceAdjustment, ResolveUnmatchedPaymentInput, UnmatchedPayment } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/**
 * What became of a resolution: credited or returned at once, with the server's message; or, for a credit above the
 * admin's solo limits, an adjustment waiting for a second admin, with nothing moved (202, design.md §12.1).
 */
export type ResolutionOutcome =
  | { kind: "resolved"; message: string; payment: UnmatchedPayment }
  | { kind: "sentForApproval"; message: string; adjustment: BalanceAdjustment; payment: UnmatchedPayment };

/** Credits an unmatched Paybill payment to a user, or records that it went back to the payer. */
export const resolveUnmatchedPayment = keyedAction(
  async (idempotencyKey, paymentId: string, resolution: ResolveUnmatchedPaymentInput): Promise<ResolutionOutcome> => {
    // 200 and 202 answer alike but for the adjustment a 202 carries.
    const answer: { message: string; payment: UnmatchedPayment; adjustment?: BalanceAdjustment } = await apiCall(
      "resolve-unmatched-payment",
      {
        path: { id: paymentId },
        body: resolution,
        idempotencyKey,
      },
    );
    if (answer.adjustment) {
      return {
        kind: "sentForApproval",
        message: answer.message,
        adjustment: answer.adjustment,
        payment: answer.payment,
      };
    }
    return { kind: "resolved", message: answer.message, payment: answer.payment };
  },
);
