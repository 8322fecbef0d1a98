import { Box, Button, Container, HStack, Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Logo } from "../../../components/ui/logo";
import { paths } from "../../../config/paths";
import { homePath } from "../../../lib/auth/home-path";
import { useAuth } from "../../../lib/auth/use-auth";

export function LandingHeader() {
  const { user, loading } = useAuth();
  // While a stored session is being checked it is most likely still good: no Login button flashes before it.
  const signedIn = user !== null || loading;

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="6xl" py="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Link asChild aria-label="JengaFund home" _hover={{ textDecoration: "none" }}>
            <RouterLink to={paths.landing}>
              <Logo />
            </RouterLink>
          </Link>
          {signedIn ? (
            <Button asChild size={{ base: "sm", sm: "md" }}>
              <RouterLink to={user ? homePath(user) : paths.dashboard.root}>Go to dashboard</RouterLink>
            </Button>
          ) : (
            <HStack gap="2">
              <Button asChild variant="ghost" size={{ base: "sm", sm: "md" }}>
                <RouterLink to={paths.login}>Login</RouterLink>
              </Button>
              <Button asChild size={{ base: "sm", sm: "md" }}>
                <RouterLink to={paths.register}>Get Started</RouterLink>
              </Button>
            </HStack>
          )}
        </HStack>
      </Container>
    </Box>
  );
}
