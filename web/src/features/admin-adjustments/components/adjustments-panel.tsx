import { Button, Stack } from "@chakra-ui/react";
import type { BalanceAdjustment } from "@jengafund/shared";
import { useMemo, useState } from "react";
import { ResponsiveList } from "../../../components/admin/admin-table";
import { FilterBar } from "../../../components/admin/filter-bar";
import { FilterSelect } from "../../../components/admin/filter-select";
import { ListCount } from "../../../components/admin/list-count";
import { PaginationBar } from "../../../components/admin/pagination-bar";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import { getAdjustments } from "../api/get-adjustments";
import { statusOptions } from "../lib/adjustment-labels";
import { AdjustmentDialog } from "./adjustment-dialog";
import { AdjustmentCards, AdjustmentsTable } from "./adjustments-table";

/** Balance adjustments above the solo limits, waiting for a second admin (design.md §12.1), and what became of them. */
export function AdjustmentsPanel() {
  const { user: admin } = useAuth();
  const [status, setStatus] = useState("");
  const filters = useMemo(() => ({ status }), [status]);
  const adjustments = usePagedList({
    queryKey: queryKeys.admin.adjustments,
    fetchPage: getAdjustments,
    query: filters,
    errorToast: "Failed to load adjustments",
  });
  const [selected, setSelected] = useState<BalanceAdjustment | null>(null);
  const listProps = { busy: adjustments.busy, adminId: admin?._id, onOpen: setSelected };

  function clearFilter() {
    setStatus("");
    adjustments.setPage(1);
  }

  return (
    <Stack gap="5">
      <PanelHeader
        title="Adjustment Approvals"
        description="Balance adjustments above the solo limits wait here for a second admin"
      >
        <ListCount page={adjustments.list.data} noun="adjustment" />
      </PanelHeader>
      <FilterBar>
        <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <Button variant="outline" onClick={clearFilter} flex={{ base: "1 1 100%", sm: "0 0 auto" }}>
          Clear Filter
        </Button>
      </FilterBar>
      <QueryState
        query={adjustments.list}
        what="the adjustments"
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No adjustments found"
            description={
              status
                ? "No adjustments match the selected status filter."
                : "Balance adjustments that need a second admin will appear here."
            }
          />
        }
      >
        {({ items }) => (
          <ResponsiveList
            table={<AdjustmentsTable adjustments={items} {...listProps} />}
            cards={<AdjustmentCards adjustments={items} {...listProps} />}
          />
        )}
      </QueryState>
      <PaginationBar
        page={adjustments.page}
        totalPages={adjustments.totalPages}
        onPageChange={adjustments.setPage}
        disabled={adjustments.busy}
      />
      {selected && <AdjustmentDialog adjustment={selected} adminId={admin?._id} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
