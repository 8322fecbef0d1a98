import { Flex, Stack } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { ResponsiveList } from "../../../components/admin/admin-table";
import { ListCount } from "../../../components/admin/list-count";
import { PaginationBar } from "../../../components/admin/pagination-bar";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { queryKeys } from "../../../lib/query-keys";
import { getTransactions } from "../api/get-transactions";
import { hasActiveFilter, type TransactionFilters } from "../lib/transaction-filters";
import { ExportTransactionsButton } from "./export-transactions-button";
import { TransactionFilterBar } from "./transaction-filter-bar";
import { TransactionCards, TransactionsTable } from "./transactions-table";

export function TransactionsPanel() {
  const search = useDebouncedSearch();
  const [type, setType] = useState("");
  const [status, setStatus] = useState("");
  const filters = useMemo<TransactionFilters>(
    () => ({ type, status, search: search.settled }),
    [type, status, search.settled],
  );
  const transactions = usePagedList({
    queryKey: queryKeys.admin.transactions,
    fetchPage: getTransactions,
    query: filters,
  });

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
          <ListCount page={transactions.list.data} noun="transaction" />
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
      <QueryState
        query={transactions.list}
        what="the transactions"
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No transactions found"
            description={
              hasActiveFilter(filters)
                ? "Try adjusting your filters to see more results."
                : "Transactions will appear here as users interact with the platform."
            }
          />
        }
      >
        {({ items }) => (
          <ResponsiveList
            table={<TransactionsTable transactions={items} busy={transactions.busy} />}
            cards={<TransactionCards transactions={items} busy={transactions.busy} />}
          />
        )}
      </QueryState>
      <PaginationBar
        page={transactions.page}
        totalPages={transactions.totalPages}
        onPageChange={transactions.setPage}
        disabled={transactions.busy}
      />
    </Stack>
  );
}
