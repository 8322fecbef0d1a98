import { QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "./toast/toast";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** A toast the spec asks for when this read fails (spec §8); the screen shows its own error state as well. */
      errorToast?: string;
    };
  }
}

/**
 * The server-state cache of one app instance. Reads are not retried on their own: a failed read shows its error
 * with a Retry button at once, and the reader decides. Amplify retries nothing either (see api-client).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        const message = query.meta?.errorToast;
        if (message) toast.error(message);
      },
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
