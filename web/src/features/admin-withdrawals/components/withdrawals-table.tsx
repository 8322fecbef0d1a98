import { Button, Stack, Table, Text } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDate, formatKes } from "../../../lib/format";
import { isPending, personName } from "../lib/withdrawal-labels";

const columns = ["User", "Amount", "Phone Number", "Status", "Request Date", "Actions"] as const;

interface WithdrawalsTableProps {
  withdrawals: readonly Withdrawal[];
  busy: boolean;
  onOpen: (withdrawal: Withdrawal) => void;
}

export function WithdrawalsTable({ withdrawals, busy, onOpen }: WithdrawalsTableProps) {
  return (
    <AdminTable label="Withdrawals" minW="52rem" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {withdrawals.map((withdrawal) => (
          <Table.Row key={withdrawal._id} verticalAlign="top">
            <Table.Cell>
              <Text fontWeight="medium">{personName(withdrawal.user)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {withdrawal.user.email}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Text fontWeight="semibold" whiteSpace="nowrap">
                {formatKes(withdrawal.amount)}
              </Text>
              <Text fontSize="sm" color="fg.muted" fontFamily="mono">
                {withdrawal.transactionReference}
              </Text>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{withdrawal.phoneNumber}</Table.Cell>
            <Table.Cell>
              <Stack gap="1" align="start">
                <StatusBadge status={withdrawal.status} />
                {withdrawal.processedBy && (
                  <Text fontSize="sm" color="fg.muted">
                    By: {personName(withdrawal.processedBy)}
                  </Text>
                )}
              </Stack>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(withdrawal.requestDate)}</Table.Cell>
            <Table.Cell>
              <OpenButton withdrawal={withdrawal} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

function OpenButton({ withdrawal, onOpen }: { withdrawal: Withdrawal; onOpen: (withdrawal: Withdrawal) => void }) {
  const who = personName(withdrawal.user);
  return isPending(withdrawal) ? (
    <Button size="xs" onClick={() => onOpen(withdrawal)} aria-label={`Process withdrawal of ${who}`}>
      Process
    </Button>
  ) : (
    <Button size="xs" variant="outline" onClick={() => onOpen(withdrawal)} aria-label={`View Details of ${who}`}>
      View Details
    </Button>
  );
}
