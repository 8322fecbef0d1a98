import { Box, Container } from "@chakra-ui/react";
import { LoadError } from "../ui/query-state";
import { OfflineBanner } from "./offline-banner";

/**
 * A signed-in page opened with no network and nothing kept on this device to show (lib/last-known.ts): the session
 * stays, and Retry reads the account again. It is also read again by itself when the browser is back online.
 */
export function OfflineState({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <Box minH="100vh">
      <OfflineBanner />
      <Container as="main" maxW="6xl" py="6">
        <LoadError what="your account" retrying={retrying} onRetry={onRetry} />
      </Container>
    </Box>
  );
}
