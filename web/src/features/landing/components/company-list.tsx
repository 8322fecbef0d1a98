import { Box, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";

/** Nine companies back the packages; the first six are shown as tiles and the rest by name. */
const companies = [
  { name: "Safaricom", sector: "Technology", emoji: "📱" },
  { name: "Kenya Airways", sector: "Transport", emoji: "✈️" },
  { name: "KenGen", sector: "Energy", emoji: "⚡" },
  { name: "East African Breweries", sector: "Consumer goods", emoji: "🛒" },
  { name: "Nation Media Group", sector: "Media", emoji: "📰" },
  { name: "Jubilee Insurance", sector: "Insurance", emoji: "🛡️" },
  { name: "Bamburi Cement", sector: "Manufacturing" },
  { name: "Centum Real Estate", sector: "Real estate" },
  { name: "Kenya Power", sector: "Energy" },
];
const shown = companies.slice(0, 6);
const named = companies.slice(6).map((company) => company.name);

export function CompanyList() {
  return (
    <Box as="section" aria-labelledby="companies-title" py={{ base: "12", md: "16" }} bg="bg">
      <Container maxW="6xl">
        <Stack gap="2" textAlign="center" mb="8">
          <Heading as="h2" id="companies-title" size="2xl">
            Packages from {companies.length} top Kenyan companies
          </Heading>
          <Text color="fg.muted">Choose the sectors you believe in.</Text>
        </Stack>
        <SimpleGrid as="ul" listStyle="none" columns={{ base: 2, md: 3 }} gap="4">
          {shown.map((company) => (
            <Box as="li" key={company.name} borderWidth="1px" borderRadius="lg" p="4" textAlign="center" bg="bg.subtle">
              <Text fontSize="3xl" aria-hidden="true">
                {company.emoji}
              </Text>
              <Text fontWeight="semibold">{company.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {company.sector}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Text textAlign="center" color="fg.muted" mt="6">
          And more: {named.join(", ")}.
        </Text>
      </Container>
    </Box>
  );
}
