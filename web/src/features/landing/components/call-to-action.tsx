import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { formatKes } from "@jengafund/shared";
import { Link as RouterLink } from "react-router-dom";
import { marketing } from "../../../config/marketing";
import { paths } from "../../../config/paths";

export function CallToAction() {
  return (
    <Box as="section" aria-labelledby="cta-title" py={{ base: "12", md: "16" }}>
      <Container maxW="3xl">
        <Stack
          align="center"
          textAlign="center"
          gap="4"
          bg="brand.subtle"
          borderRadius="2xl"
          p={{ base: "6", md: "10" }}
        >
          <Heading as="h2" id="cta-title" size="2xl">
            Ready to start investing?
          </Heading>
          <Text color="fg.muted">
            Create your free account and try JengaFund with a {formatKes(marketing.trialBalanceKes)} trial balance.
          </Text>
          <Button asChild size="lg">
            <RouterLink to={paths.register}>Create Free Account</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
