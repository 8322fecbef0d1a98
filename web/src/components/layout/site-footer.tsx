import { Box, Container, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Logo } from "../ui/logo";
import { RiskDisclosure } from "../ui/risk-disclosure";

/** Support contacts are placeholders until the support desk exists; the .example domain cannot reach anyone. */
export function SiteFooter() {
  return (
    <Box as="footer" bg="brand.950" color="gray.200" py="10">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
          <Stack gap="3">
            <Logo inverted />
            <Text>Invest with Kenya's top companies, starting small.</Text>
          </Stack>
          <Stack gap="1">
            <Text fontWeight="semibold" color="white">
              Support
            </Text>
            <Link href="mailto:support@jengafund.example" color="gray.200">
              support@jengafund.example
            </Link>
            <Link href="tel:+254700000000" color="gray.200">
              +254 700 000 000
            </Link>
            <Text>Mon–Fri, 8:00–17:00 EAT</Text>
          </Stack>
        </SimpleGrid>
        <RiskDisclosure color="gray.300" mt="8" />
        <Text fontSize="sm" color="gray.400" mt="4">
          © {new Date().getFullYear()} JengaFund
        </Text>
      </Container>
    </Box>
  );
}
