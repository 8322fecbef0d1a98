import type { User } from "@jengafund/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";

/**
 * After an admin changed a user on the server: the admin lists and figures are read again, and if the admin changed
 * their own account, the header balance follows too. Resolves once the user list has been read again.
 */
export function useUserChanged() {
  const queryClient = useQueryClient();
  const { user: me, setUser } = useAuth();
  return async (changed: User) => {
    if (changed._id === me?._id) setUser(changed);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.transactions });
    await queryClient.invalidateQueries({ queryKey: queryKeys.admin.users });
  };
}
