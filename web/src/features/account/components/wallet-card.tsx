import { Alert, Badge, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import type { ReactNode } from "react";
import { formatKes } from "../../../lib/format";

interface WalletCardProps {
  user: User;
  deposit: ReactNode;
  withdraw: ReactNode;
}

/**
 * Real money first; trial money is demo money and is never shown as withdrawable (design §5). After the first
 * deposit the account spends real money, but what is left of the trial balance still exists and trial investments
 * keep paying their rewards into it, so it stays on view here, labelled for what it is.
 */
export function WalletCard({ user, deposit, withdraw }: WalletCardProps) {
  const leftoverTrial = !user.isTrialAccount && user.trialBalance > 0;
  return (
    <Card.Root bg="bg">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          Wallet
        </Heading>
        <SimpleGrid columns={2} gap="3">
          <Stack gap="0" minW="0">
            <Text fontSize="sm" color="fg.muted">
              Wallet Balance
            </Text>
            <Text fontSize="xl" fontWeight="bold" color="brand.fg" data-testid="wallet-balance">
              {formatKes(user.walletBalance)}
            </Text>
          </Stack>
          <Stack gap="0" minW="0">
            <Text fontSize="sm" color="fg.muted">
              Referral Earnings
            </Text>
            <Text fontSize="xl" fontWeight="bold">
              {formatKes(user.totalReferralEarnings)}
            </Text>
          </Stack>
        </SimpleGrid>
        {user.isTrialAccount && (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Description>
              You are investing with a {formatKes(user.trialBalance)} trial balance, which cannot be withdrawn. Deposit
              via M-Pesa to invest and withdraw real money.
            </Alert.Description>
          </Alert.Root>
        )}
        {leftoverTrial && (
          <Stack as="section" aria-label="Trial balance" gap="1" bg="bg.muted" borderRadius="md" p="3">
            <Flex justify="space-between" align="center" gap="2" wrap="wrap">
              <HStack gap="2">
                <Text fontSize="sm" color="fg.muted">
                  Trial Balance
                </Text>
                <Badge colorPalette="orange" variant="subtle">
                  Demo money
                </Badge>
              </HStack>
              <Text fontWeight="bold" data-testid="trial-balance">
                {formatKes(user.trialBalance)}
              </Text>
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              Left from your sign-up bonus. It cannot be withdrawn, and your trial investments keep paying their rewards
              into it.
            </Text>
          </Stack>
        )}
        <Flex gap="3" wrap="wrap" css={{ "& > *": { flex: "1" } }}>
          {deposit}
          {withdraw}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
