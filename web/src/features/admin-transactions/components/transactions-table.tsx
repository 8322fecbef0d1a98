import { Badge, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import type { Transaction } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { EmailText } from "../../../components/admin/email-text";
import { LedgerAmount } from "../../../components/ui/ledger-amount";
import { formatNairobiDate, formatNairobiTime } from "../../../lib/format";
import { TransactionStatus } from "./transaction-status";
import { TransactionTypeBadge, TransactionTypeIcon } from "./transaction-type";

const columns = ["Transaction", "User", "Amount", "Status", "Date", "Reference"] as const;

interface TransactionListProps {
  transactions: readonly Transaction[];
  busy: boolean;
}

export function TransactionsTable({ transactions, busy }: TransactionListProps) {
  return (
    <AdminTable label="Transactions" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {transactions.map((transaction) => (
          <TransactionRow key={transaction._id} transaction={transaction} />
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** Descriptions, emails and references wrap within their columns, so the table keeps to its container's width. */
function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { user } = transaction;
  return (
    <Table.Row verticalAlign="top">
      <Table.Cell>
        <HStack gap="3" align="start">
          <TransactionTypeIcon type={transaction.type} />
          <TypeAndDescription transaction={transaction} />
        </HStack>
      </Table.Cell>
      <Table.Cell minW="10rem">
        <Text fontWeight="medium">
          {user.firstName} {user.lastName}
        </Text>
        <EmailText email={user.email} fontSize="sm" color="fg.muted" />
      </Table.Cell>
      <Table.Cell>
        <LedgerAmount amount={transaction.amount} status={transaction.status} />
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
        <Text>{formatNairobiDate(transaction.createdAt)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {formatNairobiTime(transaction.createdAt)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Reference transaction={transaction} />
      </Table.Cell>
    </Table.Row>
  );
}

/** The same lines on a phone, one card each. */
export function TransactionCards({ transactions, busy }: TransactionListProps) {
  return (
    <AdminCardList label="Transactions" items={transactions} itemKey={(transaction) => transaction._id} busy={busy}>
      {(transaction) => (
        <>
          <Flex justify="space-between" align="start" gap="3">
            <TypeAndDescription transaction={transaction} />
            <Stack gap="0" align="end" flexShrink="0">
              <LedgerAmount amount={transaction.amount} status={transaction.status} />
              {transaction.phoneNumber && (
                <Text fontSize="sm" color="fg.muted">
                  {transaction.phoneNumber}
                </Text>
              )}
            </Stack>
          </Flex>
          <Stack gap="0" minW="0">
            <Text fontWeight="medium">
              {transaction.user.firstName} {transaction.user.lastName}
            </Text>
            <EmailText email={transaction.user.email} fontSize="sm" color="fg.muted" />
          </Stack>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <TransactionStatus status={transaction.status} />
            <Text fontSize="sm" color="fg.muted">
              {formatNairobiDate(transaction.createdAt)} {formatNairobiTime(transaction.createdAt)}
            </Text>
          </Flex>
          <Reference transaction={transaction} />
        </>
      )}
    </AdminCardList>
  );
}

function TypeAndDescription({ transaction }: { transaction: Transaction }) {
  return (
    <Stack gap="1" minW="0">
      <HStack gap="1" wrap="wrap">
        <TransactionTypeBadge type={transaction.type} />
        {transaction.balance === "trial" && (
          <Badge colorPalette="orange" variant="outline">
            Trial
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm">{transaction.description}</Text>
    </Stack>
  );
}

function Reference({ transaction }: { transaction: Transaction }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
        {transaction.reference}
      </Text>
      {transaction.mpesaTransactionId && (
        <Text fontSize="sm" color="fg.muted">
          M-Pesa: {transaction.mpesaTransactionId}
        </Text>
      )}
    </Stack>
  );
}
