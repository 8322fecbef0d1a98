import type { PackageChange } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { decidePackageChange } from "../api/decide-package-change";
import type { PackageChangeDecision } from "../lib/package-change-labels";

interface DecidePackageChangeOptions {
  change: PackageChange;
  onSubmittingChange: (submitting: boolean) => void;
  /** Called once the decision is recorded; the lists and the catalogue are read again behind it. */
  onDecided: () => void;
}

/**
 * Approves or rejects a pending package change. A refused decision keeps the dialog open with the server's reason;
 * one refused because the change is no longer pending (409) also reloads the list, which is stale.
 */
export function useDecidePackageChange({ change, onSubmittingChange, onDecided }: DecidePackageChangeOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PackageChangeDecision) => decidePackageChange(change._id, decision),
    onMutate: () => onSubmittingChange(true),
    onSettled: () => onSubmittingChange(false),
    onSuccess: ({ message }) => {
      toast.success(message);
      onDecided();
      // An approval puts a package or its new terms before investors: the catalogue changes with the list, the
      // badge, the figures and the audit trail.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.packages });
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Failed to process package change"));
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.packageChanges });
      }
    },
  });
}
