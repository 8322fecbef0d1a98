import { Flex, Stack } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { ListCount } from "../../../components/admin/list-count";
import { PaginationBar } from "../../../components/admin/pagination-bar";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { SectionSpinner } from "../../../components/ui/section-spinner";
import { getTransactions } from "../api/get-transactions";
import { hasActiveFilter, type TransactionFilters } from "../lib/transaction-filters";
import { ExportTransactionsButton } from "./export-transactions-button";
import { TransactionFilterBar } from "./transaction-filter-bar";
import { TransactionsTable } from "./transactions-table";

/** Spec §8: a failed load of the transaction list is only logged. */
function logLoadFailure(error: unknown) {
  console.error("Failed to load transactions", error);
}

export function TransactionsPanel() {
  const search = useDebouncedSearch();
  const [type, setType] = useState("");
  const [status, setStatus] = useState("");
  const filters = useMemo<TransactionFilters>(
    () => ({ type, status, search: search.settled }),
    [type, status, search.settled],
  );
  const transactions = usePagedList(getTransactions, filters, logLoadFailure);

  function clearFilters() {
    setType("");
    setStatus("");
    search.clear();
    transactions.setPage(1);
  }

  return (
    <Stack gap="5">
      <PanelHeader title="Transaction Management" description="Monitor all platform transactions and activities">
        <Flex align="center" gap="3" wrap="wrap">
          <ListCount shown={transactions.items.length} total={transactions.total} noun="transaction" />
          <ExportTransactionsButton filters={filters} />
        </Flex>
      </PanelHeader>
      <TransactionFilterBar
        search={search.text}
        type={type}
        status={status}
        onSearchChange={search.setText}
        onTypeChange={setType}
        onStatusChange={setStatus}
        onClear={clearFilters}
      />
      {!transactions.loaded ? (
        <SectionSpinner />
      ) : transactions.items.length === 0 ? (
        <EmptyPanel
          title="No transactions found"
          description={
            hasActiveFilter(filters)
              ? "Try adjusting your filters to see more results."
              : "Transactions will appear here as users interact with the platform."
          }
        />
      ) : (
        <TransactionsTable transactions={transactions.items} busy={transactions.loading} />
      )}
      <PaginationBar
        page={transactions.page}
        totalPages={transactions.totalPages}
        onPageChange={transactions.setPage}
        disabled={transactions.loading}
      />
    </Stack>
  );
}
