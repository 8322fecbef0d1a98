import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { system } from "../components/ui/system";
import { DepositWatchProvider } from "../features/deposit/components/deposit-watch-provider";
import { AuthProvider } from "../lib/auth/auth-provider";

/**
 * Everything the routes need, minus the router itself so tests can supply a MemoryRouter. Deposits are watched up
 * here so a watch outlives its modal and survives moving between the dashboard and the admin panel.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <AuthProvider>
        <DepositWatchProvider>{children}</DepositWatchProvider>
      </AuthProvider>
      <ToastContainer position="top-right" newestOnTop />
    </ChakraProvider>
  );
}
