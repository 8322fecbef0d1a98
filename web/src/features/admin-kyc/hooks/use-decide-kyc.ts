import type { DecideKycInput } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { decideKyc } from "../api/decide-kyc";

interface DecideKycOptions {
  userId: string;
  onSubmittingChange: (submitting: boolean) => void;
  onDecided: () => void;
  /** The server's refusal, shown in the review as well as in the toast. */
  onRefused: (message: string) => void;
}

/**
 * Verifies or rejects a submission. Afterwards the list, the badge and the audit trail are read again; a refusal
 * because it was decided meanwhile (409) reloads the list too, which is stale.
 */
export function useDecideKyc({ userId, onSubmittingChange, onDecided, onRefused }: DecideKycOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideKycInput) => decideKyc(userId, input),
    onMutate: () => onSubmittingChange(true),
    onSettled: () => onSubmittingChange(false),
    onSuccess: ({ message }) => {
      toast.success(message);
      onDecided();
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
    onError: (error) => {
      const message = errorMessage(error, "Failed to record the decision");
      toast.error(message);
      onRefused(message);
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.kyc });
      }
    },
  });
}
