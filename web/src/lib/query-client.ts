import { QueryCache, QueryClient } from "@tanstack/react-query";
import { LAST_KNOWN_KEYS, LAST_KNOWN_MAX_AGE_MS } from "./last-known";
import { queryKeys } from "./query-keys";
import { toast } from "./toast/toast";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** A toast the spec asks for when this read fails (spec §8); the screen shows its own error state as well. */
      errorToast?: string;
    };
  }
}

/** How often the signed-in user's money is read again while a page shows it (design.md §12.7). */
export const FRESH_MONEY_INTERVAL_MS = 30_000;

/**
 * The reads that show the signed-in user's own money: the header and the Account wallet (`me`), the investments and
 * their totals, the referral totals, the history. Money moves without this tab doing anything (an admin's credit,
 * a payout settling, a friend's first investment, another device), so each is read again whenever the tab comes
 * back into view and every 30 seconds while a page shows it; a hidden tab asks for nothing. The screens'
 * own actions invalidate them at once besides. Admin lists and the packages are left to their own actions.
 */
const freshMoneyKeys = [queryKeys.me, queryKeys.investments, queryKeys.referrals, queryKeys.history.all];

/**
 * The server-state cache of one app instance. Reads are not retried on their own: a failed read shows its error
 * with a Retry button at once, and the reader decides. Amplify retries nothing either (see api-client). A failed
 * read again of something already on screen keeps what is shown (TanStack keeps the data beside the error).
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        // A background read again that fails says nothing: the screen still shows the last answer it had.
        if (query.state.data !== undefined) return;
        const message = query.meta?.errorToast;
        if (message) toast.error(message);
      },
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      // "always": an action tried offline fails at once (status 0) instead of waiting, paused, to be sent later
      // by itself: nothing is ever queued (issue 24).
      mutations: { retry: false, networkMode: "always" },
    },
  });
  for (const queryKey of freshMoneyKeys) {
    queryClient.setQueryDefaults(queryKey, {
      // "always": back in view means read again, however recently the last answer came.
      refetchOnWindowFocus: "always",
      refetchInterval: FRESH_MONEY_INTERVAL_MS,
      refetchIntervalInBackground: false,
    });
  }
  // The reads kept on the device (lib/last-known.ts) stay in the cache as long as they may be restored. Defaults
  // are stored per key, so these add to the ones above instead of replacing them.
  // Not while pre-rendering (Node, no window): a 7-day garbage-collection timer per query would keep `vite build` alive.
  for (const key of typeof window === "undefined" ? [] : LAST_KNOWN_KEYS) {
    queryClient.setQueryDefaults([key], { ...queryClient.getQueryDefaults([key]), gcTime: LAST_KNOWN_MAX_AGE_MS });
  }
  return queryClient;
}
