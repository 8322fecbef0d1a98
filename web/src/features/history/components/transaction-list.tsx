import { Badge, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { HeldWithdrawalStage, Transaction, TransactionType } from "@jengafund/shared";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { LedgerAmount } from "../../../components/ui/ledger-amount";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDate, formatTime } from "../../../lib/format";
import { isHeldWithdrawal } from "../lib/held-withdrawals";
import { HeldNote } from "./held-note";

const types: Record<TransactionType, { label: string; palette: string }> = {
  deposit: { label: "Deposit", palette: "green" },
  withdrawal: { label: "Withdrawal", palette: "purple" },
  investment: { label: "Investment", palette: "blue" },
  reward: { label: "Reward", palette: "teal" },
  referral: { label: "Referral", palette: "pink" },
  trial: { label: "Trial Bonus", palette: "orange" },
  adjustment: { label: "Adjustment", palette: "gray" },
  // Money in, green like a deposit: a matured investment's capital back in its balance.
  capital: { label: "Capital Returned", palette: "green" },
};

/**
 * The caller's ledger. `heldStages`: what each withdrawal not paid yet waits for, by its reference (from the
 * withdrawal requests, when read).
 */
export function TransactionList({
  transactions,
  heldStages,
}: {
  transactions: readonly Transaction[];
  heldStages?: ReadonlyMap<string, HeldWithdrawalStage>;
}) {
  if (transactions.length === 0) {
    return (
      <EmptyPanel
        title="No transactions yet"
        description="Deposits, investments, rewards and withdrawals will appear here."
      />
    );
  }
  return (
    <Stack as="ul" listStyle="none" gap="0" aria-label="Transactions">
      {transactions.map((transaction) => (
        <TransactionRow
          key={transaction._id}
          transaction={transaction}
          heldStage={heldStages?.get(transaction.reference)}
        />
      ))}
    </Stack>
  );
}

function TransactionRow({
  transaction,
  heldStage,
}: {
  transaction: Transaction;
  heldStage: HeldWithdrawalStage | undefined;
}) {
  const type = types[transaction.type] ?? { label: transaction.type, palette: "gray" };
  return (
    <Stack as="li" gap="1" py="3" borderBottomWidth="1px">
      <Flex justify="space-between" align="start" gap="3">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={type.palette} variant="solid">
            {type.label}
          </Badge>
          <StatusBadge status={transaction.status} />
          {transaction.balance === "trial" && (
            <Badge colorPalette="orange" variant="outline">
              Trial
            </Badge>
          )}
        </HStack>
        <LedgerAmount amount={transaction.amount} status={transaction.status} />
      </Flex>
      <Text>{transaction.description}</Text>
      {isHeldWithdrawal(transaction) && <HeldNote amountKes={Math.abs(transaction.amount)} stage={heldStage} />}
      <Flex columnGap="3" wrap="wrap" fontSize="sm" color="fg.muted">
        <Text>
          {formatDate(transaction.createdAt)} {formatTime(transaction.createdAt)}
        </Text>
        <Text overflowWrap="anywhere">{transaction.reference}</Text>
        {transaction.mpesaTransactionId && <Text>M-Pesa: {transaction.mpesaTransactionId}</Text>}
      </Flex>
    </Stack>
  );
}
