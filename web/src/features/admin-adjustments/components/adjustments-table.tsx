import { Badge, Button, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import type { BalanceAdjustment } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { EmailText } from "../../../components/admin/email-text";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatKes, formatNairobiDate, formatNairobiTime } from "../../../lib/format";
import {
  awaitsAnotherAdmin,
  formatMoment,
  isDecidableBy,
  paybillPaymentLine,
  personName,
  typeLabel,
  WAITING_FOR_ANOTHER_ADMIN,
} from "../lib/adjustment-labels";

const columns = [
  "User",
  "Type",
  "Amount",
  "Reason",
  "Requested By",
  "Requested At",
  "Status",
  "Expires / Decided",
  "Actions",
] as const;

interface AdjustmentListProps {
  adjustments: readonly BalanceAdjustment[];
  busy: boolean;
  /** The signed-in admin, who may not decide an adjustment they asked for. */
  adminId: string | undefined;
  onOpen: (adjustment: BalanceAdjustment) => void;
}

export function AdjustmentsTable({ adjustments, busy, adminId, onOpen }: AdjustmentListProps) {
  return (
    <AdminTable label="Adjustments" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {adjustments.map((adjustment) => (
          <Table.Row key={adjustment._id} verticalAlign="top">
            <Table.Cell minW="8rem">
              <Person person={adjustment.user} />
            </Table.Cell>
            <Table.Cell>
              <TypeBadge adjustment={adjustment} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" fontWeight="semibold">
              {formatKes(adjustment.amount)}
            </Table.Cell>
            <Table.Cell minW="7rem" overflowWrap="anywhere">
              {adjustment.reason}
              <PaybillPayment adjustment={adjustment} />
            </Table.Cell>
            <Table.Cell minW="7rem">
              <Person person={adjustment.requestedBy} />
            </Table.Cell>
            <Table.Cell>
              <Moment iso={adjustment.createdAt} />
            </Table.Cell>
            <Table.Cell>
              <StatusBadge status={adjustment.status} />
            </Table.Cell>
            <Table.Cell minW="7rem">
              <Outcome adjustment={adjustment} />
            </Table.Cell>
            <Table.Cell>
              <Actions adjustment={adjustment} adminId={adminId} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** The same adjustments on a phone, one card each. */
export function AdjustmentCards({ adjustments, busy, adminId, onOpen }: AdjustmentListProps) {
  return (
    <AdminCardList label="Adjustments" items={adjustments} itemKey={(adjustment) => adjustment._id} busy={busy}>
      {(adjustment) => (
        <>
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Person person={adjustment.user} strong />
            <StatusBadge status={adjustment.status} />
          </Flex>
          <HStack gap="2" wrap="wrap">
            <TypeBadge adjustment={adjustment} />
            <Text fontWeight="semibold" whiteSpace="nowrap">
              {formatKes(adjustment.amount)}
            </Text>
          </HStack>
          <Text fontSize="sm" overflowWrap="anywhere">
            {adjustment.reason}
          </Text>
          <PaybillPayment adjustment={adjustment} />
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            Requested by {personName(adjustment.requestedBy)} · {formatMoment(adjustment.createdAt)}
          </Text>
          <Outcome adjustment={adjustment} />
          <Actions adjustment={adjustment} adminId={adminId} onOpen={onOpen} size="sm" />
        </>
      )}
    </AdminCardList>
  );
}

function Person({
  person,
  strong = false,
}: {
  person: BalanceAdjustment["user"];
  /** The card's heading line is bolder than a table cell's name. */
  strong?: boolean;
}) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight={strong ? "semibold" : "medium"} overflowWrap="anywhere">
        {personName(person)}
      </Text>
      <EmailText email={person.email} fontSize="sm" color="fg.muted" />
    </Stack>
  );
}

function PaybillPayment({ adjustment }: { adjustment: BalanceAdjustment }) {
  const line = paybillPaymentLine(adjustment);
  return line ? (
    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
      {line}
    </Text>
  ) : null;
}

function TypeBadge({ adjustment }: { adjustment: BalanceAdjustment }) {
  return (
    <Badge colorPalette={adjustment.type === "credit" ? "green" : "red"} variant="outline">
      {typeLabel(adjustment)}
    </Badge>
  );
}

function Moment({ iso }: { iso: string }) {
  return (
    <>
      <Text whiteSpace="nowrap">{formatNairobiDate(iso)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {formatNairobiTime(iso)}
      </Text>
    </>
  );
}

/** When a pending adjustment lapses, or when and by whom it was decided. */
function Outcome({ adjustment }: { adjustment: BalanceAdjustment }) {
  if (adjustment.status === "pending" || adjustment.status === "expired") {
    return (
      <Text fontSize="sm" color="fg.muted">
        {adjustment.status === "pending" ? "Expires" : "Expired"} {formatMoment(adjustment.expiresAt)}
      </Text>
    );
  }
  return (
    <Stack gap="0" fontSize="sm" color="fg.muted">
      {adjustment.decidedAt && <Text>{formatMoment(adjustment.decidedAt)}</Text>}
      {adjustment.decidedBy && <Text>By: {personName(adjustment.decidedBy)}</Text>}
    </Stack>
  );
}

interface ActionsProps {
  adjustment: BalanceAdjustment;
  adminId: string | undefined;
  onOpen: (adjustment: BalanceAdjustment) => void;
  /** Larger on a phone's card, where it is tapped rather than clicked. */
  size?: "xs" | "sm";
}

/** 'Process' for a pending adjustment this admin may decide; otherwise its details, with a note when it waits. */
function Actions({ adjustment, adminId, onOpen, size = "xs" }: ActionsProps) {
  const who = personName(adjustment.user);
  if (isDecidableBy(adjustment, adminId)) {
    return (
      <Button size={size} onClick={() => onOpen(adjustment)} aria-label={`Process adjustment of ${who}`}>
        Process
      </Button>
    );
  }
  return (
    <Stack gap="1" align="start">
      {awaitsAnotherAdmin(adjustment, adminId) && (
        <Text fontSize="sm" color="fg.muted">
          {WAITING_FOR_ANOTHER_ADMIN}
        </Text>
      )}
      <Button size={size} variant="outline" onClick={() => onOpen(adjustment)} aria-label={`View Details of ${who}`}>
        View Details
      </Button>
    </Stack>
  );
}
