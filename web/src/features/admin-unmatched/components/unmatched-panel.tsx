import { Stack } from "@chakra-ui/react";
import type { UnmatchedPayment } from "@jengafund/shared";
import { useMemo, useState } from "react";
import { ListCount } from "../../../components/admin/list-count";
import { PagedListView } from "../../../components/admin/paged-list-view";
import { StatusFilterBar } from "../../../components/admin/status-filter-bar";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { PanelHeader } from "../../../components/ui/panel-header";
import { queryKeys } from "../../../lib/query-keys";
import { getUnmatchedPayments } from "../api/get-unmatched-payments";
import { ALL_STATUSES, statusOptions } from "../lib/unmatched-labels";
import { ResolvePaymentDialog } from "./resolve-payment-dialog";
import { UnmatchedCards, UnmatchedTable } from "./unmatched-table";

/**
 * Paybill payments whose account number named no active account (design.md §12.3): kept, never lost, until an admin
 * credits each to its user or records its reversal.
 */
export function UnmatchedPanel() {
  const [status, setStatus] = useState<string>(ALL_STATUSES);
  const query = useMemo(() => ({ status }), [status]);
  const payments = usePagedList({
    queryKey: queryKeys.admin.unmatchedPayments,
    fetchPage: getUnmatchedPayments,
    query,
    errorToast: "Failed to load unmatched payments",
  });
  const filter = {
    status,
    setStatus,
    clearStatus: () => {
      setStatus(ALL_STATUSES);
      payments.setPage(1);
    },
  };
  // The dialog keeps the payment as it was opened, so a refusal (409: resolved meanwhile) stays on it to be read
  // while the list behind it is read again.
  const [selected, setSelected] = useState<UnmatchedPayment | null>(null);

  return (
    <Stack gap="5">
      <PanelHeader
        title="Unmatched Payments"
        description="Paybill payments whose account number matched no account, to credit to a user or return"
      >
        <ListCount page={payments.list.data} noun="payment" />
      </PanelHeader>
      <StatusFilterBar filter={filter} options={statusOptions} />
      <PagedListView
        paged={payments}
        what="the unmatched payments"
        empty={{
          title: "No payments found",
          description:
            status !== ALL_STATUSES
              ? "No payments match the selected status filter."
              : "Paybill payments whose account number matches no account will appear here.",
        }}
        table={(items) => <UnmatchedTable payments={items} busy={payments.busy} onOpen={setSelected} />}
        cards={(items) => <UnmatchedCards payments={items} busy={payments.busy} onOpen={setSelected} />}
      />
      {selected && <ResolvePaymentDialog payment={selected} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
