import type { Withdrawal } from "@jengafund/shared";
import { ReviewDetails, ReviewDialog } from "../../../components/admin/review-dialog";
import { isAwaitingPayout, isPending } from "../lib/withdrawal-labels";
import { FailPayoutForm } from "./fail-payout-form";
import { ProcessWithdrawalForm } from "./process-withdrawal-form";
import { WithdrawalDetails } from "./withdrawal-details";

interface WithdrawalDialogProps {
  withdrawal: Withdrawal;
  onClose: () => void;
}

/**
 * 'Process Withdrawal' for a pending request; 'Withdrawal Details' for any other (spec §4), read-only except for an
 * approved payout still waiting for M-Pesa, which an admin can mark as failed (design.md §10).
 */
export function WithdrawalDialog({ withdrawal, onClose }: WithdrawalDialogProps) {
  const pending = isPending(withdrawal);

  return (
    <ReviewDialog title={pending ? "Process Withdrawal" : "Withdrawal Details"} onClose={onClose}>
      {(onSubmittingChange) =>
        pending ? (
          <ProcessWithdrawalForm
            withdrawal={withdrawal}
            onSubmittingChange={onSubmittingChange}
            onCancel={onClose}
            onProcessed={onClose}
          />
        ) : isAwaitingPayout(withdrawal) ? (
          <FailPayoutForm
            withdrawal={withdrawal}
            onSubmittingChange={onSubmittingChange}
            onCancel={onClose}
            onProcessed={onClose}
          />
        ) : (
          <ReviewDetails onClose={onClose}>
            <WithdrawalDetails withdrawal={withdrawal} />
          </ReviewDetails>
        )
      }
    </ReviewDialog>
  );
}
