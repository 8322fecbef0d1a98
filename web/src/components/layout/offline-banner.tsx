import { Box, Container, Text } from "@chakra-ui/react";
import { useOnline } from "../../lib/use-online";

/** The contract's words (issue 24); tests assert them. */
export const OFFLINE_MESSAGE =
  "You are offline — showing what you last saw; money actions are off until you're back online.";

/**
 * Says, at the top of every signed-in page, that the browser has no network: the figures shown are the last ones
 * seen (each marked "Updated HH:mm") and every money button is off (lib/use-one-at-a-time.ts). Nothing while online.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Box role="status" bg="orange.subtle" color="orange.fg" borderBottomWidth="1px" borderColor="orange.muted">
      <Container maxW="6xl" py="2">
        <Text fontSize="sm" fontWeight="medium">
          {OFFLINE_MESSAGE}
        </Text>
      </Container>
    </Box>
  );
}
