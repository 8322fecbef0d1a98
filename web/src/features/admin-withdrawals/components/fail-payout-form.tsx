import { Alert, Button, Dialog, Spinner, Stack, Textarea } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/ui/form-field";
import { formatKes } from "../../../lib/format";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { useProcessWithdrawal } from "../hooks/use-process-withdrawal";
import { formatRequestTime, markableAsFailedFrom, personName } from "../lib/withdrawal-labels";
import { WithdrawalDetails } from "./withdrawal-details";

interface FailPayoutFormProps {
  withdrawal: Withdrawal;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onProcessed: () => void;
}

/**
 * An approved payout still waiting for M-Pesa's result. When M-Pesa says it was not paid, the admin marks it failed
 * and the user gets the amount back with the reason. Refunding a payout that did pay would pay the user twice, so the
 * form says what to check first and asks for the evidence as the reason.
 */
export function FailPayoutForm({ withdrawal, onSubmittingChange, onCancel, onProcessed }: FailPayoutFormProps) {
  const [reason, setReason] = useState("");
  const failure = useProcessWithdrawal({
    withdrawal,
    onSubmittingChange,
    onProcessed,
    successMessage: () =>
      `Payout marked as failed: ${formatKes(withdrawal.amount)} refunded to ${personName(withdrawal.user)}`,
    failureMessage: "Failed to mark the payout as failed",
  });
  // One request per tap: the refund is asked for once however fast the button is pressed again.
  const markFailed = useOneAtATime((reasonGiven: string) =>
    failure.mutateAsync({ status: "failed", reason: reasonGiven }),
  );
  const submitting = markFailed.busy;
  // M-Pesa has a day to answer: a failure it reports refunds the payout by itself (design.md §12.1).
  const [openFrom] = useState(() => markableAsFailedFrom(withdrawal, new Date()));
  const ready = reason.trim() !== "" && openFrom === null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    markFailed.run(reason.trim());
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="5">
          <WithdrawalDetails withdrawal={withdrawal} />
          <Alert.Root status="warning" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Waiting for M-Pesa</Alert.Title>
              <Alert.Description>
                This payout was approved and sent to M-Pesa, which has not reported a result. Mark it as failed only
                when M-Pesa confirms it was not paid (Transaction Status or the M-Pesa portal): the amount goes back to
                the user's wallet.
              </Alert.Description>
              {openFrom && (
                <Alert.Description mt="2" fontWeight="semibold">
                  M-Pesa has not said this payout failed; if it does, the amount goes back by itself. It can be marked
                  as failed from {formatRequestTime(openFrom.toISOString())}, 24 hours after it was sent to M-Pesa.
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
          <FormField label="Reason" helper="The user sees this reason with their withdrawal.">
            <Textarea
              name="reason"
              rows={3}
              placeholder="e.g. M-Pesa reports no such payout"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              disabled={submitting}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Close
        </Button>
        <Button type="submit" colorPalette="red" disabled={!ready || submitting || markFailed.offline}>
          {submitting && <Spinner size="sm" />}
          Mark payout as failed
        </Button>
      </Dialog.Footer>
    </form>
  );
}
