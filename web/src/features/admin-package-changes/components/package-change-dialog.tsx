import { Alert, Stack } from "@chakra-ui/react";
import type { PackageChange } from "@jengafund/shared";
import { WAITING_FOR_ANOTHER_ADMIN } from "../../../components/admin/four-eyes";
import { ReviewDetails, ReviewDialog } from "../../../components/admin/review-dialog";
import { awaitsAnotherAdmin, isDecidableBy } from "../lib/package-change-labels";
import { DecidePackageChangeForm } from "./decide-package-change-form";
import { PackageChangeDetails } from "./package-change-details";

interface PackageChangeDialogProps {
  change: PackageChange;
  /** The signed-in admin, who may not decide a change they made. */
  adminId: string | undefined;
  onClose: () => void;
}

/** 'Process Package Change' for a pending change this admin may decide; 'Package Change Details', read-only, for any other. */
export function PackageChangeDialog({ change, adminId, onClose }: PackageChangeDialogProps) {
  const decidable = isDecidableBy(change, adminId);

  return (
    <ReviewDialog title={decidable ? "Process Package Change" : "Package Change Details"} onClose={onClose}>
      {(onSubmittingChange) =>
        decidable ? (
          <DecidePackageChangeForm
            change={change}
            onSubmittingChange={onSubmittingChange}
            onCancel={onClose}
            onDecided={onClose}
          />
        ) : (
          <ReviewDetails onClose={onClose}>
            <Stack gap="5">
              <PackageChangeDetails change={change} />
              {awaitsAnotherAdmin(change, adminId) && (
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
