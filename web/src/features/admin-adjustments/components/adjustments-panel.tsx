import { Stack } from "@chakra-ui/react";
import type { BalanceAdjustment } from "@jengafund/shared";
import { useState } from "react";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
import { ListCount } from "../../../components/admin/list-count";
import { PagedListView } from "../../../components/admin/paged-list-view";
import { StatusFilterBar } from "../../../components/admin/status-filter-bar";
import { useStatusFilteredList } from "../../../components/admin/use-status-filtered-list";
import { PanelHeader } from "../../../components/ui/panel-header";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import { getAdjustments } from "../api/get-adjustments";
import { statusOptions } from "../lib/adjustment-labels";
import { AdjustmentDialog } from "./adjustment-dialog";
import { AdjustmentCards, AdjustmentsTable } from "./adjustments-table";

/** Balance adjustments above the solo limits, waiting for a second admin (design.md §12.1), and what became of them. */
export function AdjustmentsPanel() {
  const { user: admin } = useAuth();
  const adjustments = useStatusFilteredList({
    queryKey: queryKeys.admin.adjustments,
    fetchPage: getAdjustments,
    errorToast: "Failed to load adjustments",
    // Another admin may decide one meanwhile: the list follows them without a reload (design.md §13.6).
    refetchInterval: () => OTHER_ADMINS_REFRESH_MS,
  });
  const [selected, setSelected] = useState<BalanceAdjustment | null>(null);
  const listProps = { busy: adjustments.busy, adminId: admin?._id, onOpen: setSelected };

  return (
    <Stack gap="5">
      <PanelHeader
        title="Adjustment Approvals"
        description="Balance adjustments above the solo limits wait here for a second admin"
      >
        <ListCount page={adjustments.list.data} noun="adjustment" />
      </PanelHeader>
      <StatusFilterBar filter={adjustments} options={statusOptions} />
      <PagedListView
        paged={adjustments}
        what="the adjustments"
        empty={{
          title: "No adjustments found",
          description: adjustments.status
            ? "No adjustments match the selected status filter."
            : "Balance adjustments that need a second admin will appear here.",
        }}
        table={(items) => <AdjustmentsTable adjustments={items} {...listProps} />}
        cards={(items) => <AdjustmentCards adjustments={items} {...listProps} />}
      />
      {selected && <AdjustmentDialog adjustment={selected} adminId={admin?._id} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
