import { DecidePackageChangeInputSchema, type PackageChange } from "@jengafund/shared";
import { type DecisionChoice, DecisionForm } from "../../../components/admin/decision-form";
import { fieldErrors } from "../../../lib/field-errors";
import { useDecidePackageChange } from "../hooks/use-decide-package-change";
import { decisionInput } from "../lib/package-change-labels";
import { PackageChangeDetails } from "./package-change-details";

interface DecidePackageChangeFormProps {
  change: PackageChange;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onDecided: () => void;
}

/** The API's own rules for a decision, so that a rejection without a reason is refused before anything is sent. */
function checkDecision(choice: DecisionChoice) {
  const parsed = DecidePackageChangeInputSchema.safeParse(decisionInput(choice));
  return parsed.success ? null : fieldErrors<"reason">(parsed.error.issues);
}

/** The second admin's decision on a pending package change: a rejection needs a reason, an approval may add a note. */
export function DecidePackageChangeForm({
  change,
  onSubmittingChange,
  onCancel,
  onDecided,
}: DecidePackageChangeFormProps) {
  const decision = useDecidePackageChange({ change, onSubmittingChange, onDecided });

  return (
    <DecisionForm
      subject="Package Change"
      submitting={decision.isPending}
      onCancel={onCancel}
      onDecide={(choice) => decision.mutateAsync(decisionInput(choice))}
      validate={checkDecision}
    >
      <PackageChangeDetails change={change} />
    </DecisionForm>
  );
}
