import { Button, Stack } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
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
import { queryKeys } from "../../../lib/query-keys";
import { getWithdrawals } from "../api/get-withdrawals";
import { statusOptions } from "../lib/withdrawal-labels";
import { WithdrawalDialog } from "./withdrawal-dialog";
import { WithdrawalCards, WithdrawalsTable } from "./withdrawals-table";

export function WithdrawalsPanel() {
  const [status, setStatus] = useState("");
  const filters = useMemo(() => ({ status }), [status]);
  const withdrawals = usePagedList({
    queryKey: queryKeys.admin.withdrawals,
    fetchPage: getWithdrawals,
    query: filters,
    errorToast: "Failed to load withdrawals",
  });
  const [selected, setSelected] = useState<Withdrawal | null>(null);

  function clearFilter() {
    setStatus("");
    withdrawals.setPage(1);
  }

  return (
    <Stack gap="5">
      <PanelHeader title="Withdrawal Management" description="Review and process user withdrawal requests">
        <ListCount page={withdrawals.list.data} noun="withdrawal" />
      </PanelHeader>
      <FilterBar>
        <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <Button variant="outline" onClick={clearFilter} flex={{ base: "1 1 100%", sm: "0 0 auto" }}>
          Clear Filter
        </Button>
      </FilterBar>
      <QueryState
        query={withdrawals.list}
        what="the withdrawals"
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No withdrawals found"
            description={
              status
                ? "No withdrawals match the selected status filter."
                : "Withdrawal requests will appear here when users request to withdraw funds."
            }
          />
        }
      >
        {({ items }) => (
          <ResponsiveList
            table={<WithdrawalsTable withdrawals={items} busy={withdrawals.busy} onOpen={setSelected} />}
            cards={<WithdrawalCards withdrawals={items} busy={withdrawals.busy} onOpen={setSelected} />}
          />
        )}
      </QueryState>
      <PaginationBar
        page={withdrawals.page}
        totalPages={withdrawals.totalPages}
        onPageChange={withdrawals.setPage}
        disabled={withdrawals.busy}
      />
      {selected && <WithdrawalDialog withdrawal={selected} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
