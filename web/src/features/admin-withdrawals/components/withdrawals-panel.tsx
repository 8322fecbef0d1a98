import { Button, Stack } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { useMemo, useState } from "react";
import { toast } from "react-toastify";
import { FilterBar } from "../../../components/admin/filter-bar";
import { FilterSelect } from "../../../components/admin/filter-select";
import { ListCount } from "../../../components/admin/list-count";
import { PaginationBar } from "../../../components/admin/pagination-bar";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { SectionSpinner } from "../../../components/ui/section-spinner";
import { getWithdrawals } from "../api/get-withdrawals";
import { statusOptions } from "../lib/withdrawal-labels";
import { WithdrawalDialog } from "./withdrawal-dialog";
import { WithdrawalsTable } from "./withdrawals-table";

function reportLoadFailure() {
  toast.error("Failed to load withdrawals");
}

export function WithdrawalsPanel() {
  const [status, setStatus] = useState("");
  const filters = useMemo(() => ({ status }), [status]);
  const withdrawals = usePagedList(getWithdrawals, filters, reportLoadFailure);
  const [selected, setSelected] = useState<Withdrawal | null>(null);

  function clearFilter() {
    setStatus("");
    withdrawals.setPage(1);
  }

  function processed() {
    setSelected(null);
    withdrawals.reload();
  }

  return (
    <Stack gap="5">
      <PanelHeader title="Withdrawal Management" description="Review and process user withdrawal requests">
        <ListCount shown={withdrawals.items.length} total={withdrawals.total} noun="withdrawal" />
      </PanelHeader>
      <FilterBar>
        <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <Button variant="outline" onClick={clearFilter} flex={{ base: "1 1 100%", sm: "0 0 auto" }}>
          Clear Filter
        </Button>
      </FilterBar>
      {!withdrawals.loaded ? (
        <SectionSpinner />
      ) : withdrawals.items.length === 0 ? (
        <EmptyPanel
          title="No withdrawals found"
          description={
            status
              ? "No withdrawals match the selected status filter."
              : "Withdrawal requests will appear here when users request to withdraw funds."
          }
        />
      ) : (
        <WithdrawalsTable withdrawals={withdrawals.items} busy={withdrawals.loading} onOpen={setSelected} />
      )}
      <PaginationBar
        page={withdrawals.page}
        totalPages={withdrawals.totalPages}
        onPageChange={withdrawals.setPage}
        disabled={withdrawals.loading}
      />
      {selected && <WithdrawalDialog withdrawal={selected} onClose={() => setSelected(null)} onProcessed={processed} />}
    </Stack>
  );
}
