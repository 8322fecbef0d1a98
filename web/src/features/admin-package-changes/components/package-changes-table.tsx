import { Badge, Button, Flex, Stack, Table, Text } from "@chakra-ui/react";
import type { PackageChange } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { EmailText } from "../../../components/admin/email-text";
import { WAITING_FOR_ANOTHER_ADMIN } from "../../../components/admin/four-eyes";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatNairobiDate, formatNairobiTime } from "../../../lib/format";
import {
  awaitsAnotherAdmin,
  formatMoment,
  isDecidableBy,
  kindLabel,
  personName,
  termLines,
} from "../lib/package-change-labels";

const columns = [
  "Package",
  "Kind",
  "Terms",
  "Requested By",
  "Requested At",
  "Status",
  "Expires / Decided",
  "Actions",
] as const;

interface PackageChangeListProps {
  changes: readonly PackageChange[];
  busy: boolean;
  /** The signed-in admin, who may not decide a change they made. */
  adminId: string | undefined;
  onOpen: (change: PackageChange) => void;
}

export function PackageChangesTable({ changes, busy, adminId, onOpen }: PackageChangeListProps) {
  return (
    <AdminTable label="Package changes" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {changes.map((change) => (
          <Table.Row key={change._id} verticalAlign="top">
            <Table.Cell minW="7rem" overflowWrap="anywhere">
              <PackageName change={change} />
            </Table.Cell>
            <Table.Cell>
              <KindBadge change={change} />
            </Table.Cell>
            <Table.Cell minW="13rem">
              <Terms change={change} />
            </Table.Cell>
            <Table.Cell minW="7rem">
              <Stack gap="0" minW="0">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {personName(change.requestedBy)}
                </Text>
                <EmailText email={change.requestedBy.email} fontSize="sm" color="fg.muted" />
              </Stack>
            </Table.Cell>
            <Table.Cell>
              <Text whiteSpace="nowrap">{formatNairobiDate(change.requestedAt)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatNairobiTime(change.requestedAt)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <StatusBadge status={change.status} />
            </Table.Cell>
            <Table.Cell minW="7rem">
              <Outcome change={change} />
            </Table.Cell>
            <Table.Cell>
              <Actions change={change} adminId={adminId} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** The same changes on a phone, one card each. */
export function PackageChangeCards({ changes, busy, adminId, onOpen }: PackageChangeListProps) {
  return (
    <AdminCardList label="Package changes" items={changes} itemKey={(change) => change._id} busy={busy}>
      {(change) => (
        <>
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <PackageName change={change} strong />
            <StatusBadge status={change.status} />
          </Flex>
          <KindBadge change={change} />
          <Terms change={change} />
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            Requested by {personName(change.requestedBy)} · {formatMoment(change.requestedAt)}
          </Text>
          <Outcome change={change} />
          <Actions change={change} adminId={adminId} onOpen={onOpen} size="sm" />
        </>
      )}
    </AdminCardList>
  );
}

function PackageName({ change, strong = false }: { change: PackageChange; strong?: boolean }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight={strong ? "semibold" : "medium"} overflowWrap="anywhere">
        {change.fields.name}
      </Text>
      <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        {change.fields.company}
      </Text>
    </Stack>
  );
}

function KindBadge({ change }: { change: PackageChange }) {
  return (
    <Badge colorPalette={change.kind === "create" ? "green" : "purple"} variant="outline" alignSelf="start">
      {kindLabel(change)}
    </Badge>
  );
}

/** Price, daily and monthly return and maturity; an update shows what each changed term replaces. */
function Terms({ change }: { change: PackageChange }) {
  return (
    <Stack as="dl" gap="0.5" fontSize="sm">
      {termLines(change).map((line) => (
        <Flex key={line.label} gap="1.5" wrap="wrap">
          <Text as="dt" color="fg.muted">
            {line.label}:
          </Text>
          <Text as="dd" fontWeight={line.before ? "semibold" : "normal"}>
            {line.before && (
              <>
                <Text as="s" color="fg.muted" fontWeight="normal">
                  {line.before}
                </Text>{" "}
                →{" "}
              </>
            )}
            {line.value}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

/** When a pending change lapses, or when and by whom it was decided. */
function Outcome({ change }: { change: PackageChange }) {
  if (change.status === "pending" || change.status === "expired") {
    return (
      <Text fontSize="sm" color="fg.muted">
        {change.status === "pending" ? "Expires" : "Expired"} {formatMoment(change.expiresAt)}
      </Text>
    );
  }
  return (
    <Stack gap="0" fontSize="sm" color="fg.muted">
      {change.decidedAt && <Text>{formatMoment(change.decidedAt)}</Text>}
      {change.decidedBy && <Text>By: {personName(change.decidedBy)}</Text>}
    </Stack>
  );
}

interface ActionsProps {
  change: PackageChange;
  adminId: string | undefined;
  onOpen: (change: PackageChange) => void;
  /** Larger on a phone's card, where it is tapped rather than clicked. */
  size?: "xs" | "sm";
}

/** 'Process' for a pending change this admin may decide; otherwise its details, with a note when it waits. */
function Actions({ change, adminId, onOpen, size = "xs" }: ActionsProps) {
  const what = change.fields.name;
  if (isDecidableBy(change, adminId)) {
    return (
      <Button size={size} onClick={() => onOpen(change)} aria-label={`Process package change of ${what}`}>
        Process
      </Button>
    );
  }
  return (
    <Stack gap="1" align="start">
      {awaitsAnotherAdmin(change, adminId) && (
        <Text fontSize="sm" color="fg.muted">
          {WAITING_FOR_ANOTHER_ADMIN}
        </Text>
      )}
      <Button
        size={size}
        variant="outline"
        onClick={() => onOpen(change)}
        aria-label={`View details of package change of ${what}`}
      >
        View Details
      </Button>
    </Stack>
  );
}
