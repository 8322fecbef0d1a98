import { Alert, Link, Stack } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../config/paths";

/**
 * A withdrawal or deposit refused beyond an unverified account's limits (design.md §13.5): the server's message and
 * the way to lift them. `onLeave` closes the dialog the form sits in as the link is followed.
 */
export function VerifyIdentityNotice({ message, onLeave }: { message: string; onLeave?: () => void }) {
  return (
    <Alert.Root status="warning" size="sm" data-testid="kyc-required">
      <Alert.Indicator />
      <Stack gap="1">
        <Alert.Description>{message}</Alert.Description>
        <Link asChild color="brand.fg" fontWeight="semibold" fontSize="sm">
          <RouterLink to={paths.dashboard.verifyIdentity} onClick={onLeave}>
            Verify identity
          </RouterLink>
        </Link>
      </Stack>
    </Alert.Root>
  );
}
