import { ADJUSTMENT_MESSAGES, type BalanceAdjustment } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { type AdjustmentDecision, decideAdjustment } from "../api/decide-adjustment";

interface DecideAdjustmentOptions {
  adjustment: BalanceAdjustment;
  onSubmittingChange: (submitting: boolean) => void;
  /** Called once the decision is recorded; the lists and the figures are read again behind it. */
  onDecided: () => void;
}

/**
 * Approves or rejects a pending adjustment. A refused decision keeps the dialog open with the server's reason
 * (spec §8); one refused because the adjustment is no longer pending (409) also reloads the list, which is stale.
 */
export function useDecideAdjustment({ adjustment, onSubmittingChange, onDecided }: DecideAdjustmentOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { status: AdjustmentDecision; reason: string }) =>
      decideAdjustment(adjustment._id, decision),
    onMutate: () => onSubmittingChange(true),
    onSettled: () => onSubmittingChange(false),
    onSuccess: (_decided, decision) => {
      toast.success(decision.status === "approved" ? ADJUSTMENT_MESSAGES.approved : ADJUSTMENT_MESSAGES.rejected);
      onDecided();
      // An approval moves money: the user's balance, the ledger and the figures change with the list and the badge.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Failed to process adjustment"));
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.adjustments });
      }
    },
  });
}
