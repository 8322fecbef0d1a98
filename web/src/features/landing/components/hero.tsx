import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { formatKes } from "@jengafund/shared";
import { Link as RouterLink } from "react-router-dom";
import { RiskDisclosure } from "../../../components/ui/risk-disclosure";
import { marketing } from "../../../config/marketing";
import { paths } from "../../../config/paths";
import { homePath } from "../../../lib/auth/home-path";
import { useAuth } from "../../../lib/auth/use-auth";

const highlights = [
  { value: `Up to ${marketing.maxMonthlyReturnPercent}%`, label: "monthly returns" },
  { value: formatKes(marketing.minInvestmentKes), label: "minimum to start" },
  { value: formatKes(marketing.referralBonusKes), label: "referral bonus" },
  { value: formatKes(marketing.trialBalanceKes), label: "trial balance on sign-up" },
];

export function Hero() {
  const { user, loading } = useAuth();
  const signedIn = user !== null || loading;
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientTo="brand.950"
      color="white"
    >
      <Container maxW="6xl" py={{ base: "12", md: "20" }}>
        <Stack gap="6" maxW="3xl">
          <Heading as="h1" id="hero-title" size={{ base: "3xl", md: "5xl" }} lineHeight="shorter">
            Grow your money with Kenya's top companies
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="brand.100">
            Earn up to {marketing.maxMonthlyReturnPercent}% monthly with rewards you can claim every day. Start from{" "}
            {formatKes(marketing.minInvestmentKes)}, pay with M-Pesa, and try it first with a{" "}
            {formatKes(marketing.trialBalanceKes)} trial balance.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
              {signedIn ? (
                <RouterLink to={user ? homePath(user) : paths.dashboard.root}>Go to dashboard</RouterLink>
              ) : (
                <RouterLink to={paths.register}>Start Investing</RouterLink>
              )}
            </Button>
            {!signedIn && (
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: "whiteAlpha.200" }}
              >
                <RouterLink to={paths.login}>I have an account</RouterLink>
              </Button>
            )}
          </HStack>
          <RiskDisclosure color="brand.100" />
        </Stack>
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="4" mt="10">
          {highlights.map((item) => (
            // The figure reads first on screen; the term stays first in the markup, as <dl> requires.
            <Stack
              key={item.label}
              direction="column-reverse"
              justify="flex-end"
              gap="0"
              bg="whiteAlpha.100"
              borderRadius="lg"
              p="4"
            >
              <Text as="dt" fontSize="sm" color="brand.100">
                {item.label}
              </Text>
              <Text as="dd" fontSize={{ base: "lg", md: "2xl" }} fontWeight="bold">
                {item.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
