import { Alert, Card, Flex, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import type { ReactNode } from "react";
import { formatKes } from "../../../lib/format";

interface WalletCardProps {
  user: User;
  deposit: ReactNode;
  withdraw: ReactNode;
}

/** Real money only: the trial balance is play money and is never shown here as withdrawable (design §5). */
export function WalletCard({ user, deposit, withdraw }: WalletCardProps) {
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
        <Flex gap="3" wrap="wrap" css={{ "& > *": { flex: "1" } }}>
          {deposit}
          {withdraw}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
