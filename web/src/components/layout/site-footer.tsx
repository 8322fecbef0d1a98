import { Box, Container, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { supportContacts } from "../../config/support";
import { Logo } from "../ui/logo";
import { RiskDisclosure } from "../ui/risk-disclosure";

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
            <Link href={`mailto:${supportContacts.email}`} color="gray.200">
              {supportContacts.email}
            </Link>
            <Link href={`tel:${supportContacts.phone.dial}`} color="gray.200">
              {supportContacts.phone.display}
            </Link>
            <Text>{supportContacts.hours}</Text>
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
