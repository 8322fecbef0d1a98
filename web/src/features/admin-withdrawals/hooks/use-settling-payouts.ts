import type { Withdrawal } from "@jengafund/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { queryKeys } from "../../../lib/query-keys";
import { awaitingPayoutIds } from "../lib/payout-refresh";

/**
 * When the list's reading again shows that a payout it showed waiting has settled, what that settlement changed
 * elsewhere (the ledger line, a refund to the user's wallet, the figures) is read again too, on the tabs that show it.
 */
export function useSettlingPayouts(withdrawals: readonly Withdrawal[] | undefined): void {
  const queryClient = useQueryClient();
  const awaiting = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!withdrawals) return;
    const now = awaitingPayoutIds(withdrawals);
    const shown = new Set(withdrawals.map((withdrawal) => withdrawal._id));
    const settled = [...awaiting.current].some((id) => shown.has(id) && !now.has(id));
    awaiting.current = now;
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.transactions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users });
  }, [withdrawals, queryClient]);
}
