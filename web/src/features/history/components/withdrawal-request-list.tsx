import { Flex, Stack, Text } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDate, formatKes, formatTime } from "../../../lib/format";
import { heldStageOf } from "../lib/held-withdrawals";
import { HeldNote } from "./held-note";

export function WithdrawalRequestList({ withdrawals }: { withdrawals: readonly Withdrawal[] }) {
  if (withdrawals.length === 0) {
    return (
      <EmptyPanel
        title="No withdrawal requests"
        description="Requests you make from the Withdraw button appear here with their status."
      />
    );
  }
  return (
    <Stack as="ul" listStyle="none" gap="0" aria-label="Withdrawal requests">
      {withdrawals.map((withdrawal) => (
        <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} />
      ))}
    </Stack>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const held = heldStageOf(withdrawal.status);
  return (
    <Stack as="li" gap="1" py="3" borderBottomWidth="1px">
      <Flex justify="space-between" align="center" gap="3">
        <Text fontWeight="bold">{formatKes(withdrawal.amount)}</Text>
        <StatusBadge status={withdrawal.status} />
      </Flex>
      <Text fontSize="sm">To M-Pesa {withdrawal.phoneNumber}</Text>
      {held && <HeldNote amountKes={withdrawal.amount} stage={held} />}
      <Flex columnGap="3" wrap="wrap" fontSize="sm" color="fg.muted">
        <Text>
          Requested {formatDate(withdrawal.requestDate)} {formatTime(withdrawal.requestDate)}
        </Text>
        <Text overflowWrap="anywhere">{withdrawal.transactionReference}</Text>
        {withdrawal.mpesaTransactionId && <Text>M-Pesa: {withdrawal.mpesaTransactionId}</Text>}
      </Flex>
      {withdrawal.reason && (
        <Text fontSize="sm" color="fg.muted">
          Reason: {withdrawal.reason}
        </Text>
      )}
    </Stack>
  );
}
