import type { Withdrawal } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { processWithdrawal, type WithdrawalDecision } from "../api/process-withdrawal";

interface ProcessWithdrawalOptions {
  withdrawal: Withdrawal;
  onSubmittingChange: (submitting: boolean) => void;
  /** Called once the decision is recorded; the list and the figures are read again behind it. */
  onProcessed: () => void;
  successMessage: (decision: WithdrawalDecision | "failed") => string;
  failureMessage: string;
}

/**
 * A decision on a withdrawal: approve, reject or (for a stuck payout) fail it. A refused decision keeps the dialog
 * open with the server's reason (spec §8).
 */
export function useProcessWithdrawal({
  withdrawal,
  onSubmittingChange,
  onProcessed,
  successMessage,
  failureMessage,
}: ProcessWithdrawalOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { status: WithdrawalDecision | "failed"; reason: string }) =>
      processWithdrawal(withdrawal._id, decision),
    onMutate: () => onSubmittingChange(true),
    onSettled: () => onSubmittingChange(false),
    onSuccess: (_processed, decision) => {
      toast.success(successMessage(decision.status));
      onProcessed();
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
    onError: (error) => {
      toast.error(errorMessage(error, failureMessage));
      // Refused as no longer pending (409): another admin decided it first, so the list and the open dialog read it
      // again at once rather than at their next turn.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.withdrawals });
      }
    },
  });
}
