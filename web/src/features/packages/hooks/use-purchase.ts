import type { BuyInvestmentInput } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { buyInvestment } from "../api/buy-investment";

/**
 * One purchase per tap (design.md §12.7, useOneAtATime): a double click's second tap sends nothing, and Confirm is
 * disabled from the first. The Idempotency-Key (buyInvestment) still guards a retry of the same purchase.
 */
export function usePurchase(onBought: () => void) {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const purchase = useMutation({
    mutationFn: buyInvestment,
    onSuccess: ({ user }) => {
      setUser(user);
      toast.success("Investment purchased successfully!");
      onBought();
      void queryClient.invalidateQueries({ queryKey: queryKeys.investments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to purchase package")),
  });
  // The failure is the mutation's own to report (onError); the guard only waits for the purchase to be over.
  const purchaseOnce = useOneAtATime((input: BuyInvestmentInput) => purchase.mutateAsync(input).catch(() => undefined));

  return { buy: purchaseOnce.run, submitting: purchaseOnce.busy, offline: purchaseOnce.offline };
}
