import { Stack } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
import { ListCount } from "../../../components/admin/list-count";
import { PagedListView } from "../../../components/admin/paged-list-view";
import { StatusFilterBar } from "../../../components/admin/status-filter-bar";
import { useStatusFilteredList } from "../../../components/admin/use-status-filtered-list";
import { PanelHeader } from "../../../components/ui/panel-header";
import { queryKeys } from "../../../lib/query-keys";
import { getWithdrawal, getWithdrawals } from "../api/get-withdrawals";
import { useSettlingPayouts } from "../hooks/use-settling-payouts";
import { payoutRefreshInterval } from "../lib/payout-refresh";
import { statusOptions } from "../lib/withdrawal-labels";
import { WithdrawalDialog } from "./withdrawal-dialog";
import { WithdrawalCards, WithdrawalsTable } from "./withdrawals-table";

/**
 * The request the open dialog shows, read on its own while the list does not show it: at once, then as often as the
 * list follows the other admins (design.md §13.6). `id` null: nothing to follow.
 */
function useFollowedWithdrawal(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.admin.withdrawals, "one", id],
    queryFn: () => getWithdrawal(String(id)),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: OTHER_ADMINS_REFRESH_MS,
  });
}

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
  const [opened, setOpened] = useState<Withdrawal | null>(null);
  // The dialog follows the list, so a payout that settles while it is open shows its outcome there too; once the
  // list no longer shows it (another admin decided it, and the list is on Pending), it is followed on its own.
  const listed = opened ? shown?.find((withdrawal) => withdrawal._id === opened._id) : undefined;
  const followed = useFollowedWithdrawal(opened && !listed ? opened._id : null);
  const latest = listed ?? (followed.isSuccess ? followed.data : opened);

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
        table={(items) => <WithdrawalsTable withdrawals={items} busy={withdrawals.busy} onOpen={setOpened} />}
        cards={(items) => <WithdrawalCards withdrawals={items} busy={withdrawals.busy} onOpen={setOpened} />}
      />
      {opened && <WithdrawalDialog opened={opened} latest={latest} onClose={() => setOpened(null)} />}
    </Stack>
  );
}
