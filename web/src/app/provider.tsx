import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { system } from "../components/ui/system";
import { AuthProvider } from "../lib/auth/auth-provider";

/** Everything the routes need, minus the router itself so tests can supply a MemoryRouter. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <AuthProvider>{children}</AuthProvider>
      <ToastContainer position="top-right" newestOnTop />
    </ChakraProvider>
  );
}
