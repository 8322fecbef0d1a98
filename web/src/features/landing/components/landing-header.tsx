import { Box, Button, Container, HStack, Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Logo } from "../../../components/ui/logo";
import { paths } from "../../../config/paths";

export function LandingHeader() {
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="6xl" py="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Link asChild aria-label="JengaFund home" _hover={{ textDecoration: "none" }}>
            <RouterLink to={paths.landing}>
              <Logo />
            </RouterLink>
          </Link>
          <HStack gap="2">
            <Button asChild variant="ghost" size={{ base: "sm", sm: "md" }}>
              <RouterLink to={paths.login}>Login</RouterLink>
            </Button>
            <Button asChild size={{ base: "sm", sm: "md" }}>
              <RouterLink to={paths.register}>Get Started</RouterLink>
            </Button>
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
