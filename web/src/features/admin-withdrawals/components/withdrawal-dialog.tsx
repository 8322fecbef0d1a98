import { Button, Dialog } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { useState } from "react";
import { DialogFrame } from "../../../components/ui/dialog-frame";
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
  const [submitting, setSubmitting] = useState(false);

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && !submitting && onClose()}>
      <DialogFrame
        title={pending ? "Process Withdrawal" : "Withdrawal Details"}
        closeDisabled={submitting}
        closeLabel="Close dialog"
      >
        {pending ? (
          <ProcessWithdrawalForm
            withdrawal={withdrawal}
            onSubmittingChange={setSubmitting}
            onCancel={onClose}
            onProcessed={onClose}
          />
        ) : isAwaitingPayout(withdrawal) ? (
          <FailPayoutForm
            withdrawal={withdrawal}
            onSubmittingChange={setSubmitting}
            onCancel={onClose}
            onProcessed={onClose}
          />
        ) : (
          <>
            <Dialog.Body>
              <WithdrawalDetails withdrawal={withdrawal} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </>
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}
