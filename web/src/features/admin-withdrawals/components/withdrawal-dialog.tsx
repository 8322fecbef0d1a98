import type { Withdrawal } from "@jengafund/shared";
import { ReviewDetails, ReviewDialog } from "../../../components/admin/review-dialog";
import { decidedElsewhereNote, isAwaitingPayout, isPending } from "../lib/withdrawal-labels";
import { FailPayoutForm } from "./fail-payout-form";
import { ProcessWithdrawalForm } from "./process-withdrawal-form";
import { WithdrawalDetails } from "./withdrawal-details";

interface WithdrawalDialogProps {
  /** The request as it was when the dialog opened: a pending one keeps the Process form whatever happens to it. */
  opened: Withdrawal;
  /** The request as last read (null: no longer found), which the dialog shows. */
  latest: Withdrawal | null;
  onClose: () => void;
}

/**
 * 'Process Withdrawal' for a pending request; 'Withdrawal Details' for any other (spec §4), read-only except for an
 * approved payout still waiting for M-Pesa, which an admin can mark as failed (design.md §10). A request decided by
 * another admin while its Process dialog is open stays in that dialog, which then says so (design.md §13.6): the
 * dialog never changes under the admin's hand, in the middle of a decision least of all.
 */
export function WithdrawalDialog({ opened, latest, onClose }: WithdrawalDialogProps) {
  const pending = isPending(opened);
  const shown = latest ?? opened;

  return (
    <ReviewDialog title={pending ? "Process Withdrawal" : "Withdrawal Details"} onClose={onClose}>
      {(onSubmittingChange) =>
        pending ? (
          <ProcessWithdrawalForm
            withdrawal={shown}
            decidedElsewhere={decidedElsewhereNote(latest)}
            onSubmittingChange={onSubmittingChange}
            onCancel={onClose}
            onProcessed={onClose}
          />
        ) : isAwaitingPayout(shown) ? (
          <FailPayoutForm
            withdrawal={shown}
            onSubmittingChange={onSubmittingChange}
            onCancel={onClose}
            onProcessed={onClose}
          />
        ) : (
          <ReviewDetails onClose={onClose}>
            <WithdrawalDetails withdrawal={shown} />
          </ReviewDetails>
        )
      }
    </ReviewDialog>
  );
}
