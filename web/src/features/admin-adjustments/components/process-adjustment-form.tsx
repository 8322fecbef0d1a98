import { type BalanceAdjustment, DecideAdjustmentInputSchema } from "@jengafund/shared";
import { type DecisionChoice, DecisionForm } from "../../../components/admin/decision-form";
import { fieldErrors } from "../../../lib/field-errors";
import { useDecideAdjustment } from "../hooks/use-decide-adjustment";
import { AdjustmentDetails } from "./adjustment-details";

interface ProcessAdjustmentFormProps {
  adjustment: BalanceAdjustment;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onDecided: () => void;
}

/** The API's own rules for a decision, so that a rejection without a reason is refused before anything is sent. */
function checkDecision(choice: DecisionChoice) {
  const parsed = DecideAdjustmentInputSchema.safeParse(choice);
  return parsed.success ? null : fieldErrors<"reason">(parsed.error.issues);
}

/**
 * The second admin's decision on a pending adjustment: a rejection needs a reason (checked by the API's own schema
 * before anything is sent); an approval may add a note.
 */
export function ProcessAdjustmentForm({
  adjustment,
  onSubmittingChange,
  onCancel,
  onDecided,
}: ProcessAdjustmentFormProps) {
  const decision = useDecideAdjustment({ adjustment, onSubmittingChange, onDecided });

  return (
    <DecisionForm
      subject="Adjustment"
      submitting={decision.isPending}
      onCancel={onCancel}
      onDecide={(choice) => decision.mutateAsync(choice)}
      validate={checkDecision}
    >
      <AdjustmentDetails adjustment={adjustment} />
    </DecisionForm>
  );
}
