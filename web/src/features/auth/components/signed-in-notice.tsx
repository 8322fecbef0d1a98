import { Button, Stack, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { Link as RouterLink } from "react-router-dom";
import { homePath } from "../../../lib/auth/home-path";
import { useAuth } from "../../../lib/auth/use-auth";

/** For someone who opens the sign-in page while signed in: the way back in, rather than a second sign-in. */
export function SignedInNotice({ user }: { user: User }) {
  const { logout } = useAuth();
  return (
    <Stack gap="4" textAlign="center">
      <Text>
        You are signed in as{" "}
        <Text as="strong" fontWeight="semibold">
          {user.firstName} {user.lastName}
        </Text>{" "}
        ({user.email}).
      </Text>
      <Button asChild size="lg">
        <RouterLink to={homePath(user)}>Go to dashboard</RouterLink>
      </Button>
      <Button variant="ghost" onClick={logout}>
        Log out to use another account
      </Button>
    </Stack>
  );
}
