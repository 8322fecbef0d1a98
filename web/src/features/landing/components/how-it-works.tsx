import { Box, Center, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { formatKes } from "@jengafund/shared";
import { marketing } from "../../../config/marketing";

const steps = [
  {
    title: "Sign Up",
    text: `Create your account in a minute and get a ${formatKes(marketing.trialBalanceKes)} trial balance to explore.`,
  },
  {
    title: "Choose Package",
    text: "Pick a package from a company and sector that fits your goals and your appetite for risk.",
  },
  { title: "Earn Daily", text: "Claim your reward every day and follow your portfolio as it grows." },
];

export function HowItWorks() {
  return (
    <Box as="section" aria-labelledby="how-title" py={{ base: "12", md: "16" }} bg="bg">
      <Container maxW="6xl">
        <Heading as="h2" id="how-title" size="2xl" textAlign="center" mb="8">
          How It Works
        </Heading>
        <SimpleGrid as="ol" listStyle="none" columns={{ base: 1, md: 3 }} gap="6">
          {steps.map((step, index) => (
            <Stack as="li" key={step.title} align="center" textAlign="center" gap="3">
              <Center
                boxSize="12"
                borderRadius="full"
                bg="brand.solid"
                color="brand.contrast"
                fontWeight="bold"
                fontSize="xl"
                aria-hidden="true"
              >
                {index + 1}
              </Center>
              <Heading as="h3" size="md">
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
