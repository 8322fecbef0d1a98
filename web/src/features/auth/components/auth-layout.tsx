import { Box, Card, Center, Heading, Link, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Logo } from "../../../components/ui/logo";
import { paths } from "../../../config/paths";

/** The centred card shared by the sign-in and sign-up screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" px="4" py="8">
      <Stack gap="6" w="full" maxW="lg">
        <Center>
          <Link asChild aria-label="JengaFund home" _hover={{ textDecoration: "none" }}>
            <RouterLink to={paths.landing}>
              <Logo />
            </RouterLink>
          </Link>
        </Center>
        <Card.Root>
          <Card.Body gap="6" p={{ base: "5", sm: "8" }}>
            <Box textAlign="center">
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              <Text color="fg.muted" mt="1">
                {subtitle}
              </Text>
            </Box>
            {children}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}
