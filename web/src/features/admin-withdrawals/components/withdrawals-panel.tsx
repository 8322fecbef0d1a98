import { Stack } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { useState } from "react";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
import { ListCount } from "../../../components/admin/list-count";
import { PagedListView } from "../../../components/admin/paged-list-view";
import { StatusFilterBar } from "../../../components/admin/status-filter-bar";
import { useStatusFilteredList } from "../../../components/admin/use-status-filtered-list";
import { PanelHeader } from "../../../components/ui/panel-header";
import { queryKeys } from "../../../lib/query-keys";
import { getWithdrawals } from "../api/get-withdrawals";
import { useSettlingPayouts } from "../hooks/use-settling-payouts";
import { payoutRefreshInterval } from "../lib/payout-refresh";
import { statusOptions } from "../lib/withdrawal-labels";
import { WithdrawalDialog } from "./withdrawal-dialog";
import { WithdrawalCards, WithdrawalsTable } from "./withdrawals-table";

export function WithdrawalsPanel() {
  const withdrawals = useStatusFilteredList({
    queryKey: queryKeys.admin.withdrawals,
    fetchPage: getWithdrawals,
    errorToast: "Failed to load withdrawals",
    // What waits for a decision comes first; Clear Filter shows every status.
    initialStatus: "pending",
    // An approved payout's outcome comes from M-Pesa later: the list asks again soon while one waits. Otherwise it
    // follows the other admins' decisions (design.md §13.6).
    refetchInterval: (page) => payoutRefreshInterval(page?.items, Date.now()) || OTHER_ADMINS_REFRESH_MS,
  });
  const shown = withdrawals.list.data?.items;
  useSettlingPayouts(shown);
  const [picked, setSelected] = useState<Withdrawal | null>(null);
  // The dialog follows the list, so a payout that settles while it is open shows its outcome there too.
  const selected = picked && (shown?.find((withdrawal) => withdrawal._id === picked._id) ?? picked);

  return (
    <Stack gap="5">
      <PanelHeader title="Withdrawal Management" description="Review and process user withdrawal requests">
        <ListCount page={withdrawals.list.data} noun="withdrawal" />
      </PanelHeader>
      <StatusFilterBar filter={withdrawals} options={statusOptions} />
      <PagedListView
        paged={withdrawals}
        what="the withdrawals"
        empty={{
          title: "No withdrawals found",
          description: withdrawals.status
            ? "No withdrawals match the selected status filter."
            : "Withdrawal requests will appear here when users request to withdraw funds.",
        }}
        table={(items) => <WithdrawalsTable withdrawals={items} busy={withdrawals.busy} onOpen={setSelected} />}
        cards={(items) => <WithdrawalCards withdrawals={items} busy={withdrawals.busy} onOpen={setSelected} />}
      />
      {selected && <WithdrawalDialog withdrawal={selected} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
