import { Button, Dialog, HStack, RadioGroup, Spinner, Stack, Textarea } from "@chakra-ui/react";
import { type BalanceAdjustment, DecideAdjustmentInputSchema } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/ui/form-field";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import type { AdjustmentDecision } from "../api/decide-adjustment";
import { useDecideAdjustment } from "../hooks/use-decide-adjustment";
import { AdjustmentDetails } from "./adjustment-details";

const actions: readonly { value: AdjustmentDecision; label: string }[] = [
  { value: "approved", label: "Approve" },
  { value: "rejected", label: "Reject" },
];

interface ProcessAdjustmentFormProps {
  adjustment: BalanceAdjustment;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onDecided: () => void;
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
  const [action, setAction] = useState<AdjustmentDecision | null>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors<"reason">>({});
  const decision = useDecideAdjustment({ adjustment, onSubmittingChange, onDecided });
  const submitting = decision.isPending;
  const rejecting = action === "rejected";

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action) return;
    const parsed = DecideAdjustmentInputSchema.safeParse({ status: action, reason });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    decision.mutate({ status: action, reason: reason.trim() });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="5">
          <AdjustmentDetails adjustment={adjustment} />
          <RadioGroup.Root
            name="action"
            value={action}
            onValueChange={({ value }) => {
              setAction(value as AdjustmentDecision);
              setErrors({});
            }}
            disabled={submitting}
          >
            <RadioGroup.Label>Action</RadioGroup.Label>
            <HStack gap="6" mt="2">
              {actions.map((option) => (
                <RadioGroup.Item key={option.value} value={option.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <FormField label="Reason" required={rejecting} error={errors.reason}>
            <Textarea
              name="reason"
              rows={3}
              placeholder={rejecting ? "Required rejection reason..." : "Optional approval note..."}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setErrors({});
              }}
              disabled={submitting}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        {/* The spinner sits beside the label rather than replacing it, so the button keeps its name while busy. */}
        <Button type="submit" colorPalette={rejecting ? "red" : undefined} disabled={action === null || submitting}>
          {submitting && <Spinner size="sm" />}
          {rejecting ? "Reject Adjustment" : "Approve Adjustment"}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
