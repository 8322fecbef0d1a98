import { Button, Flex, Stack, Table, Text } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { EmailText } from "../../../components/admin/email-text";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatKes, formatNairobiDate } from "../../../lib/format";
import { isPending, paidAfterRefundNote, personName } from "../lib/withdrawal-labels";
import { AccountSignals, PayoutAndRegisteredNumber } from "./account-signals";

const columns = ["User", "Amount", "Phone Number", "Status", "Request Date", "Actions"] as const;

interface WithdrawalListProps {
  withdrawals: readonly Withdrawal[];
  busy: boolean;
  onOpen: (withdrawal: Withdrawal) => void;
}

export function WithdrawalsTable({ withdrawals, busy, onOpen }: WithdrawalListProps) {
  return (
    <AdminTable label="Withdrawals" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {withdrawals.map((withdrawal) => (
          <Table.Row key={withdrawal._id} verticalAlign="top">
            <Table.Cell minW="12rem">
              <Stack gap="1.5">
                <Stack gap="0">
                  <Text fontWeight="medium">{personName(withdrawal.user)}</Text>
                  <EmailText email={withdrawal.user.email} fontSize="sm" color="fg.muted" />
                </Stack>
                <AccountSignals withdrawal={withdrawal} />
              </Stack>
            </Table.Cell>
            <Table.Cell>
              <AmountAndReference withdrawal={withdrawal} />
            </Table.Cell>
            <Table.Cell>
              <PayoutAndRegisteredNumber withdrawal={withdrawal} />
            </Table.Cell>
            <Table.Cell>
              <StatusAndProcessor withdrawal={withdrawal} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatNairobiDate(withdrawal.requestDate)}</Table.Cell>
            <Table.Cell>
              <OpenButton withdrawal={withdrawal} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** The same requests on a phone, one card each. */
export function WithdrawalCards({ withdrawals, busy, onOpen }: WithdrawalListProps) {
  return (
    <AdminCardList label="Withdrawals" items={withdrawals} itemKey={(withdrawal) => withdrawal._id} busy={busy}>
      {(withdrawal) => (
        <>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">{personName(withdrawal.user)}</Text>
            <EmailText email={withdrawal.user.email} fontSize="sm" color="fg.muted" />
          </Stack>
          <AccountSignals withdrawal={withdrawal} />
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <AmountAndReference withdrawal={withdrawal} />
            <StatusAndProcessor withdrawal={withdrawal} align="end" />
          </Flex>
          <Flex justify="space-between" align="start" gap="3" wrap="wrap" fontSize="sm">
            <Stack gap="1" minW="0">
              <Text color="fg.muted">To</Text>
              <PayoutAndRegisteredNumber withdrawal={withdrawal} />
            </Stack>
            <Text color="fg.muted">Requested {formatNairobiDate(withdrawal.requestDate)}</Text>
          </Flex>
          <OpenButton withdrawal={withdrawal} onOpen={onOpen} size="sm" />
        </>
      )}
    </AdminCardList>
  );
}

function AmountAndReference({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="semibold" whiteSpace="nowrap">
        {formatKes(withdrawal.amount)}
      </Text>
      <Text fontSize="sm" color="fg.muted" fontFamily="mono" overflowWrap="anywhere">
        {withdrawal.transactionReference}
      </Text>
    </Stack>
  );
}

function StatusAndProcessor({ withdrawal, align = "start" }: { withdrawal: Withdrawal; align?: "start" | "end" }) {
  return (
    <Stack gap="1" align={align} flexShrink="0">
      <StatusBadge status={withdrawal.status} />
      {withdrawal.paidAfterRefund && (
        <Text fontSize="sm" color="fg.error" fontWeight="semibold">
          {paidAfterRefundNote(withdrawal)}
        </Text>
      )}
      {withdrawal.processedBy && (
        <Text fontSize="sm" color="fg.muted">
          By: {personName(withdrawal.processedBy)}
        </Text>
      )}
    </Stack>
  );
}

interface OpenButtonProps {
  withdrawal: Withdrawal;
  onOpen: (withdrawal: Withdrawal) => void;
  /** Larger on a phone's card, where it is tapped rather than clicked. */
  size?: "xs" | "sm";
}

function OpenButton({ withdrawal, onOpen, size = "xs" }: OpenButtonProps) {
  const who = personName(withdrawal.user);
  return isPending(withdrawal) ? (
    <Button size={size} onClick={() => onOpen(withdrawal)} aria-label={`Process withdrawal of ${who}`}>
      Process
    </Button>
  ) : (
    <Button size={size} variant="outline" onClick={() => onOpen(withdrawal)} aria-label={`View Details of ${who}`}>
      View Details
    </Button>
  );
}
