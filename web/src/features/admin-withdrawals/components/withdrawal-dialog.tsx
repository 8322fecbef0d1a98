import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { useState } from "react";
import { isPending } from "../lib/withdrawal-labels";
import { ProcessWithdrawalForm } from "./process-withdrawal-form";
import { WithdrawalDetails } from "./withdrawal-details";

interface WithdrawalDialogProps {
  withdrawal: Withdrawal;
  onClose: () => void;
  onProcessed: () => void;
}

/** 'Process Withdrawal' for a pending request; a read-only 'Withdrawal Details' for any other (spec §4). */
export function WithdrawalDialog({ withdrawal, onClose, onProcessed }: WithdrawalDialogProps) {
  const pending = isPending(withdrawal);
  const [submitting, setSubmitting] = useState(false);

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && !submitting && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{pending ? "Process Withdrawal" : "Withdrawal Details"}</Dialog.Title>
            </Dialog.Header>
            {pending ? (
              <ProcessWithdrawalForm
                withdrawal={withdrawal}
                onSubmittingChange={setSubmitting}
                onCancel={onClose}
                onProcessed={onProcessed}
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
            <Dialog.CloseTrigger asChild disabled={submitting}>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
