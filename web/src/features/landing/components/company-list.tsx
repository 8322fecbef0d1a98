import { Box, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PACKAGE_COMPANIES } from "@jengafund/shared";
import { categoryLook } from "../../../components/ui/package-categories";

/**
 * The companies whose packages the catalogue holds (one list in @jengafund/shared, which the seed follows too):
 * the first six as tiles, the rest by name.
 */
const shown = PACKAGE_COMPANIES.slice(0, 6);
const named = PACKAGE_COMPANIES.slice(6).map((company) => company.name);

export function CompanyList() {
  return (
    <Box as="section" aria-labelledby="companies-title" py={{ base: "12", md: "16" }} bg="bg">
      <Container maxW="6xl">
        <Stack gap="2" textAlign="center" mb="8">
          <Heading as="h2" id="companies-title" size="2xl">
            Packages from {PACKAGE_COMPANIES.length} top Kenyan companies
          </Heading>
          <Text color="fg.muted">Choose the sectors you believe in.</Text>
        </Stack>
        <SimpleGrid as="ul" listStyle="none" columns={{ base: 2, md: 3 }} gap="4">
          {shown.map((company) => {
            const look = categoryLook(company.category);
            return (
              <Box
                as="li"
                key={company.name}
                borderWidth="1px"
                borderRadius="lg"
                p="4"
                textAlign="center"
                bg="bg.subtle"
              >
                <Text fontSize="3xl" aria-hidden="true">
                  {look.emoji}
                </Text>
                <Text fontWeight="semibold">{company.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {look.label}
                </Text>
              </Box>
            );
          })}
        </SimpleGrid>
        <Text textAlign="center" color="fg.muted" mt="6">
          And more: {named.join(", ")}.
        </Text>
      </Container>
    </Box>
  );
}
