import { Button, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import type { UnmatchedPayment } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { formatKes, formatNairobiDate, formatNairobiTime } from "../../../lib/format";
import {
  accountNumberLabel,
  formatMoment,
  isResolvable,
  payerLabel,
  personName,
  reasonLabel,
} from "../lib/unmatched-labels";
import { UnmatchedStatusBadge } from "./unmatched-status-badge";

const columns = ["Receipt", "Amount", "Account Number", "Payer", "Paid At", "Reason", "Status", "Actions"] as const;

interface PaymentListProps {
  payments: readonly UnmatchedPayment[];
  busy: boolean;
  onOpen: (payment: UnmatchedPayment) => void;
}

export function UnmatchedTable({ payments, busy, onOpen }: PaymentListProps) {
  return (
    <AdminTable label="Unmatched payments" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {payments.map((payment) => (
          <Table.Row key={payment._id} verticalAlign="top">
            <Table.Cell fontFamily="mono" whiteSpace="nowrap">
              {payment.receipt}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" fontWeight="semibold">
              {formatKes(payment.amount)}
            </Table.Cell>
            <Table.Cell fontFamily="mono" minW="8rem" overflowWrap="anywhere">
              {accountNumberLabel(payment)}
            </Table.Cell>
            <Table.Cell minW="8rem" overflowWrap="anywhere">
              {payerLabel(payment)}
            </Table.Cell>
            <Table.Cell>
              <Text whiteSpace="nowrap">{formatNairobiDate(payment.paidAt)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatNairobiTime(payment.paidAt)}
              </Text>
            </Table.Cell>
            <Table.Cell minW="10rem">{reasonLabel(payment.reason)}</Table.Cell>
            <Table.Cell minW="8rem">
              <Stack gap="1">
                <UnmatchedStatusBadge status={payment.status} />
                <Outcome payment={payment} />
              </Stack>
            </Table.Cell>
            <Table.Cell>
              <Actions payment={payment} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** The same payments on a phone, one card each. */
export function UnmatchedCards({ payments, busy, onOpen }: PaymentListProps) {
  return (
    <AdminCardList label="Unmatched payments" items={payments} itemKey={(payment) => payment._id} busy={busy}>
      {(payment) => (
        <>
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold">{formatKes(payment.amount)}</Text>
              <Text fontFamily="mono" fontSize="sm">
                {payment.receipt}
              </Text>
            </Stack>
            <UnmatchedStatusBadge status={payment.status} />
          </Flex>
          <Stack gap="0" fontSize="sm" minW="0">
            <Text overflowWrap="anywhere">
              Account number:{" "}
              <Text as="span" fontFamily="mono">
                {accountNumberLabel(payment)}
              </Text>
            </Text>
            <Text overflowWrap="anywhere">Payer: {payerLabel(payment)}</Text>
            <Text color="fg.muted">Paid {formatMoment(payment.paidAt)}</Text>
          </Stack>
          <Text fontSize="sm">{reasonLabel(payment.reason)}</Text>
          <Outcome payment={payment} />
          <HStack>
            <Actions payment={payment} onOpen={onOpen} size="sm" />
          </HStack>
        </>
      )}
    </AdminCardList>
  );
}

/** Whom a credited (or waiting) payment went to. */
function Outcome({ payment }: { payment: UnmatchedPayment }) {
  if (!payment.user || (payment.status !== "assigned" && payment.status !== "pending")) return null;
  return (
    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
      To {personName(payment.user)}
    </Text>
  );
}

interface ActionsProps {
  payment: UnmatchedPayment;
  onOpen: (payment: UnmatchedPayment) => void;
  /** Larger on a phone's card, where it is tapped rather than clicked. */
  size?: "xs" | "sm";
}

/** 'Resolve' for a payment still unmatched; its details for any other. */
function Actions({ payment, onOpen, size = "xs" }: ActionsProps) {
  if (isResolvable(payment)) {
    return (
      <Button size={size} onClick={() => onOpen(payment)} aria-label={`Resolve payment ${payment.receipt}`}>
        Resolve
      </Button>
    );
  }
  return (
    <Button
      size={size}
      variant="outline"
      onClick={() => onOpen(payment)}
      aria-label={`View details of payment ${payment.receipt}`}
    >
      View Details
    </Button>
  );
}
