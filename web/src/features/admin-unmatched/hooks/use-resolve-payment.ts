import { ADJUSTMENT_MESSAGES, type ResolveUnmatchedPaymentInput, type UnmatchedPayment } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { resolveUnmatchedPayment } from "../api/resolve-unmatched-payment";

/** What a refused resolution says when the server gives no reason of its own. */
export const RESOLVE_FAILED = "Failed to resolve payment";

interface ResolvePaymentOptions {
  payment: UnmatchedPayment;
  onSubmittingChange: (submitting: boolean) => void;
  /** Called once the resolution is recorded (or sent to a second admin); the lists and figures are read again. */
  onResolved: () => void;
}

/**
 * Credits the payment to a user or marks it returned. A refused resolution keeps the dialog open with the server's
 * reason (spec §8); one refused because the payment was resolved meanwhile (409) also reloads the list, which is stale.
 */
export function useResolvePayment({ payment, onSubmittingChange, onResolved }: ResolvePaymentOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resolution: ResolveUnmatchedPaymentInput) => resolveUnmatchedPayment(payment._id, resolution),
    onMutate: () => onSubmittingChange(true),
    onSettled: () => onSubmittingChange(false),
    onSuccess: (outcome) => {
      if (outcome.kind === "sentForApproval") toast.info(ADJUSTMENT_MESSAGES.sentForApproval);
      else toast.success(outcome.message);
      onResolved();
      // A credit moves money (balances, ledger, figures); a 202 adds an approval; any answer changes this list.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
    onError: (error) => {
      toast.error(errorMessage(error, RESOLVE_FAILED));
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.unmatchedPayments });
      }
    },
  });
}
