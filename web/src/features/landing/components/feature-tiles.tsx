import { Box, Container, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { formatKes } from "@jengafund/shared";
import { marketing } from "../../../config/marketing";

const features = [
  {
    emoji: "📈",
    title: "High Returns",
    text: `Packages target up to ${marketing.maxMonthlyReturnPercent}% a month, with a reward you can claim every day.`,
  },
  {
    emoji: "🔒",
    title: "Secure Platform",
    text: "Money moves only through M-Pesa, and every balance change is recorded in your history.",
  },
  {
    emoji: "🤝",
    title: "Referral Program",
    text: `Earn ${formatKes(marketing.referralBonusKes)} for each friend who joins with your code and makes a first investment with deposited money.`,
  },
  {
    emoji: "💰",
    title: "Low Minimum",
    text: `Start with as little as ${formatKes(marketing.minInvestmentKes)}.`,
  },
];

export function FeatureTiles() {
  return (
    <Box as="section" aria-labelledby="features-title" py={{ base: "12", md: "16" }}>
      <Container maxW="6xl">
        <Heading as="h2" id="features-title" size="2xl" textAlign="center" mb="8">
          Why JengaFund
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {features.map((feature) => (
            <Box key={feature.title} bg="bg" borderWidth="1px" borderRadius="lg" p="5">
              <Text fontSize="3xl" aria-hidden="true">
                {feature.emoji}
              </Text>
              <Heading as="h3" size="md" mt="2">
                {feature.title}
              </Heading>
              <Text color="fg.muted" mt="1">
                {feature.text}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
