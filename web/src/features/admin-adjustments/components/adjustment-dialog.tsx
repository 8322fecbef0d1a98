import { Alert, Stack } from "@chakra-ui/react";
import type { BalanceAdjustment } from "@jengafund/shared";
import { ReviewDetails, ReviewDialog } from "../../../components/admin/review-dialog";
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

  return (
    <ReviewDialog title={decidable ? "Process Adjustment" : "Adjustment Details"} onClose={onClose}>
      {(onSubmittingChange) =>
        decidable ? (
          <ProcessAdjustmentForm
            adjustment={adjustment}
            onSubmittingChange={onSubmittingChange}
            onCancel={onClose}
            onDecided={onClose}
          />
        ) : (
          <ReviewDetails onClose={onClose}>
            <Stack gap="5">
              <AdjustmentDetails adjustment={adjustment} />
              {awaitsAnotherAdmin(adjustment, adminId) && (
                <Alert.Root status="info" variant="subtle">
                  <Alert.Indicator />
                  <Alert.Description>{WAITING_FOR_ANOTHER_ADMIN}</Alert.Description>
                </Alert.Root>
              )}
            </Stack>
          </ReviewDetails>
        )
      }
    </ReviewDialog>
  );
}
