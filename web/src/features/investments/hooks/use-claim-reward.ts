import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { formatKes } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { claimReward } from "../api/claim-reward";

/**
 * Claims today's reward. The answer carries the user with the credited balance; the investments are read again
 * before the claim counts as done, so the card never offers a second claim in between.
 */
export function useClaimReward() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    onSuccess: async ({ reward, user }) => {
      setUser(user);
      toast.success(`Reward claimed: ${formatKes(reward)}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.investments });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to claim reward")),
  });
}
