import { Flex, Stack } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { ListCount } from "../../../components/admin/list-count";
import { PagedListView } from "../../../components/admin/paged-list-view";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { PanelHeader } from "../../../components/ui/panel-header";
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
      <PagedListView
        paged={transactions}
        what="the transactions"
        empty={{
          title: "No transactions found",
          description: hasActiveFilter(filters)
            ? "Try adjusting your filters to see more results."
            : "Transactions will appear here as users interact with the platform.",
        }}
        table={(items) => <TransactionsTable transactions={items} busy={transactions.busy} />}
        cards={(items) => <TransactionCards transactions={items} busy={transactions.busy} />}
      />
    </Stack>
  );
}
