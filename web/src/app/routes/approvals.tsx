import { Stack } from "@chakra-ui/react";
import { AdjustmentsPanel } from "../../features/admin-adjustments/components/adjustments-panel";
import { PackageChangesPanel } from "../../features/admin-package-changes/components/package-changes-panel";

/**
 * The Approvals tab: everything one admin asked for that waits for a second one. Package changes come first (a new
 * package is invisible to investors until approved), then balance adjustments. Composed here because features never
 * import each other.
 */
export function ApprovalsRoute() {
  return (
    <Stack gap="12">
      <PackageChangesPanel />
      <AdjustmentsPanel />
    </Stack>
  );
}
