import { Button, Dialog, HStack, RadioGroup, Spinner, Stack, Textarea } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/ui/form-field";
import type { WithdrawalDecision } from "../api/process-withdrawal";
import { useProcessWithdrawal } from "../hooks/use-process-withdrawal";
import { WithdrawalDetails } from "./withdrawal-details";

const actions: readonly { value: WithdrawalDecision; label: string }[] = [
  { value: "approved", label: "Approve" },
  { value: "rejected", label: "Reject" },
];

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
  const [action, setAction] = useState<WithdrawalDecision | null>(null);
  const [reason, setReason] = useState("");
  const decision = useProcessWithdrawal({
    withdrawal,
    onSubmittingChange,
    onProcessed,
    successMessage: (status) =>
      status === "rejected" ? "Withdrawal rejected successfully" : "Withdrawal approved successfully",
    failureMessage: "Failed to process withdrawal",
  });
  const submitting = decision.isPending;
  const rejecting = action === "rejected";
  const ready = action !== null && !(rejecting && reason.trim() === "");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action || !ready) return;
    decision.mutate({ status: action, reason: reason.trim() });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="5">
          <WithdrawalDetails withdrawal={withdrawal} />
          <RadioGroup.Root
            name="action"
            value={action}
            onValueChange={({ value }) => setAction(value as WithdrawalDecision)}
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
          <FormField label="Reason" required={rejecting}>
            <Textarea
              name="reason"
              rows={3}
              placeholder={rejecting ? "Required rejection reason..." : "Optional approval note..."}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
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
        <Button type="submit" colorPalette={rejecting ? "red" : undefined} disabled={!ready || submitting}>
          {submitting && <Spinner size="sm" />}
          {rejecting ? "Reject Withdrawal" : "Approve Withdrawal"}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
