import { Alert, Button, Dialog, Stack } from "@chakra-ui/react";
import type { BalanceAdjustment } from "@jengafund/shared";
import { useState } from "react";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { awaitsAnotherAdmin, isDecidableBy, WAITING_FOR_ANOTHER_ADMIN } from "../lib/adjustment-labels";
import { AdjustmentDetails } from "./adjustment-details";
import { ProcessAdjustmentForm } from "./process-adjustment-form";

interface AdjustmentDialogProps {
  adjustment: BalanceAdjustment;
  /** The signed-in admin, who may not decide an adjustment they asked for. */
  adminId: string | undefined;
  onClose: () => void;
}

/**
 * 'Process Adjustment' for a pending adjustment this admin may decide, like the withdrawals' dialog; 'Adjustment
 * Details', read-only, for any other.
 */
export function AdjustmentDialog({ adjustment, adminId, onClose }: AdjustmentDialogProps) {
  const decidable = isDecidableBy(adjustment, adminId);
  const [submitting, setSubmitting] = useState(false);

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && !submitting && onClose()}>
      <DialogFrame
        title={decidable ? "Process Adjustment" : "Adjustment Details"}
        closeDisabled={submitting}
        closeLabel="Close dialog"
      >
        {decidable ? (
          <ProcessAdjustmentForm
            adjustment={adjustment}
            onSubmittingChange={setSubmitting}
            onCancel={onClose}
            onDecided={onClose}
          />
        ) : (
          <>
            <Dialog.Body>
              <Stack gap="5">
                <AdjustmentDetails adjustment={adjustment} />
                {awaitsAnotherAdmin(adjustment, adminId) && (
                  <Alert.Root status="info" variant="subtle">
                    <Alert.Indicator />
                    <Alert.Description>{WAITING_FOR_ANOTHER_ADMIN}</Alert.Description>
                  </Alert.Root>
                )}
              </Stack>
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
