import type { Withdrawal } from "@jengafund/shared";
import { DecisionForm } from "../../../components/admin/decision-form";
import { useProcessWithdrawal } from "../hooks/use-process-withdrawal";
import { WithdrawalDetails } from "./withdrawal-details";

interface ProcessWithdrawalFormProps {
  withdrawal: Withdrawal;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onProcessed: () => void;
}

/** The decision on a pending request: a rejection needs a reason the user will read; an approval may add a note. */
export function ProcessWithdrawalForm({
  withdrawal,
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
    >
      <WithdrawalDetails withdrawal={withdrawal} />
    </DecisionForm>
  );
}
