import { ChakraProvider } from "@chakra-ui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { PersistQueryClientProvider, persistQueryClientSubscribe } from "@tanstack/react-query-persist-client";
import { type ReactNode, useEffect, useState } from "react";
import { system } from "../components/ui/system";
import { DepositWatchProvider } from "../features/deposit/components/deposit-watch-provider";
import { PaybillWatchProvider } from "../features/paybill/components/paybill-watch-provider";
import { AuthProvider } from "../lib/auth/auth-provider";
import { clearLastKnown, isRestored, lastKnownOptions } from "../lib/last-known";
import { watchMutations } from "../lib/mutation-activity";
import { createQueryClient } from "../lib/query-client";
import { Toaster } from "../lib/toast/toaster";
import { tokenStorage } from "../lib/token-storage";

/**
 * Everything the routes need, minus the router itself so tests can supply a MemoryRouter. Deposits are watched up
 * here so a watch outlives its modal and survives moving between the dashboard and the admin panel. Each app
 * instance has its own server-state cache, restored first from what this user last saw on this device and kept there
 * as it changes (lib/last-known.ts); its actions are watched so that a new version never reloads the page under one.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => watchMutations(queryClient), [queryClient]);
  return (
    <ChakraProvider value={system}>
      <LastKnownQueryClientProvider client={queryClient}>
        <AuthProvider>
          <DepositWatchProvider>
            <PaybillWatchProvider>{children}</PaybillWatchProvider>
          </DepositWatchProvider>
        </AuthProvider>
      </LastKnownQueryClientProvider>
      <Toaster />
    </ChakraProvider>
  );
}

/**
 * The query client, kept on this device as it changes (lib/last-known.ts). A page opened with a session first
 * restores what that user last saw (its queries wait for the restore). A page opened without one has nothing to
 * restore, and must not wait: the restore's end would update the tree while React adopts the pre-rendered HTML,
 * and React then draws the page afresh instead (main.tsx hydrates only for a visitor with nothing stored). It only
 * keeps what a session started here goes on to read. Chosen once per page: a session started or ended later changes
 * what is kept (the persister checks the token), never the provider.
 */
function LastKnownQueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [restore] = useState(() => tokenStorage.get() !== null);
  useEffect(() => {
    if (restore) return;
    // Nothing kept may outlive the session it belonged to (a token gone without a logout).
    void clearLastKnown();
    return persistQueryClientSubscribe({ ...lastKnownOptions, queryClient: client });
  }, [client, restore]);
  return restore ? (
    <PersistQueryClientProvider
      client={client}
      persistOptions={lastKnownOptions}
      // What was restored is what the user saw last time, however recently: it is read again at once, so its
      // "Updated HH:mm" mark goes as soon as the fresh answer lands, not when the data would have gone stale.
      onSuccess={() => void client.invalidateQueries({ predicate: (query) => isRestored(query.state.dataUpdatedAt) })}
    >
      {children}
    </PersistQueryClientProvider>
  ) : (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}
