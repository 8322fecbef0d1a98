import { Badge, Box, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import type { Transaction } from "@jengafund/shared";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { formatDate, formatKes, formatTime } from "../../../lib/format";
import { TransactionStatus } from "./transaction-status";
import { TransactionTypeBadge, TransactionTypeIcon } from "./transaction-type";

const columns = ["Transaction", "User", "Amount", "Status", "Date", "Reference"] as const;

export function TransactionsTable({ transactions, busy }: { transactions: readonly Transaction[]; busy: boolean }) {
  return (
    <AdminTable label="Transactions" minW="60rem" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {transactions.map((transaction) => (
          <TransactionRow key={transaction._id} transaction={transaction} />
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** Cells keep the table's one-line layout, except descriptions and emails, which wrap within a readable width. */
function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { user } = transaction;
  return (
    <Table.Row verticalAlign="top">
      <Table.Cell>
        <HStack gap="3" align="start">
          <TransactionTypeIcon type={transaction.type} />
          <Stack gap="1" minW="12rem" maxW="16rem">
            <HStack gap="1" wrap="wrap">
              <TransactionTypeBadge type={transaction.type} />
              {transaction.balance === "trial" && (
                <Badge colorPalette="orange" variant="outline">
                  Trial
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" whiteSpace="normal">
              {transaction.description}
            </Text>
          </Stack>
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium">
          {user.firstName} {user.lastName}
        </Text>
        <Text fontSize="sm" color="fg.muted" minW="12rem" maxW="16rem" whiteSpace="normal" overflowWrap="anywhere">
          {user.email}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <SignedAmount amount={transaction.amount} />
        {transaction.phoneNumber && (
          <Text fontSize="sm" color="fg.muted">
            {transaction.phoneNumber}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <TransactionStatus status={transaction.status} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Text>{formatDate(transaction.createdAt)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {formatTime(transaction.createdAt)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text fontFamily="mono" fontSize="sm">
          {transaction.reference}
        </Text>
        {transaction.mpesaTransactionId && (
          <Text fontSize="sm" color="fg.muted">
            M-Pesa: {transaction.mpesaTransactionId}
          </Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * Money in with '+', money out in red (spec §2), both as the absolute value. Money out also gets a minus sign,
 * so the direction does not rest on colour alone.
 */
function SignedAmount({ amount }: { amount: number }) {
  const color = amount > 0 ? "green.fg" : amount < 0 ? "red.fg" : "fg";
  return (
    <Flex fontWeight="semibold" whiteSpace="nowrap" color={color}>
      {amount < 0 && <Box as="span">−</Box>}
      <Text as="span">
        {amount > 0 ? "+" : ""}
        {formatKes(Math.abs(amount))}
      </Text>
    </Flex>
  );
}
