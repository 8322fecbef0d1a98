import { FOUR_EYES_MESSAGES, type Withdrawal } from "@jengafund/shared";
import { DecisionForm } from "../../../components/admin/decision-form";
import { useProcessWithdrawal } from "../hooks/use-process-withdrawal";
import { WithdrawalDetails } from "./withdrawal-details";

interface ProcessWithdrawalFormProps {
  /** The request as last read: the list's row, or the request followed on its own once the list no longer shows it. */
  withdrawal: Withdrawal;
  /** Another admin decided it meanwhile (design.md §13.6): what the dialog says instead of offering a decision. */
  decidedElsewhere: string | null;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onProcessed: () => void;
}

/** Why this admin may not approve, as the list said (design.md §13.6); the 403's words should a reason be missing. */
const approveBlockedReason = (withdrawal: Withdrawal) =>
  withdrawal.approveBlockedReason ?? FOUR_EYES_MESSAGES.recentAdjuster;

/**
 * The decision on a pending request: a rejection needs a reason the user will read; an approval may add a note. When
 * the list says this admin may not approve it, the dialog says why before the click and only Reject is open. When
 * another admin decides it while the dialog is open, the dialog says who and which way, and offers no decision.
 */
export function ProcessWithdrawalForm({
  withdrawal,
  decidedElsewhere,
  onSubmittingChange,
  onCancel,
  onProcessed,
}: ProcessWithdrawalFormProps) {
  const decision = useProcessWithdrawal({
    withdrawal,
    onSubmittingChange,
    onProcessed,
    successMessage: (status) =>
      status === "rejected" ? "Withdrawal rejected successfully" : "Withdrawal approved successfully",
    failureMessage: "Failed to process withdrawal",
  });

  return (
    <DecisionForm
      subject="Withdrawal"
      submitting={decision.isPending}
      onCancel={onCancel}
      onDecide={(choice) => decision.mutateAsync(choice)}
      requireRejectionReason
      closedReason={decidedElsewhere}
      {...(withdrawal.mayApprove === false ? { approveBlockedReason: approveBlockedReason(withdrawal) } : {})}
    >
      <WithdrawalDetails withdrawal={withdrawal} />
    </DecisionForm>
  );
}
