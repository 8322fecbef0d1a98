import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { system } from "../components/ui/system";
import { DepositWatchProvider } from "../features/deposit/components/deposit-watch-provider";
import { PaybillWatchProvider } from "../features/paybill/components/paybill-watch-provider";
import { AuthProvider } from "../lib/auth/auth-provider";
import { createQueryClient } from "../lib/query-client";
import { Toaster } from "../lib/toast/toaster";

/**
 * Everything the routes need, minus the router itself so tests can supply a MemoryRouter. Deposits are watched up
 * here so a watch outlives its modal and survives moving between the dashboard and the admin panel. Each app
 * instance has its own server-state cache.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <DepositWatchProvider>
            <PaybillWatchProvider>{children}</PaybillWatchProvider>
          </DepositWatchProvider>
        </AuthProvider>
      </QueryClientProvider>
      <Toaster />
    </ChakraProvider>
  );
}
