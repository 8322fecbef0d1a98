import { Badge, Flex, Stack, Table, Text } from "@chakra-ui/react";
import type { AuditEntry } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { EmailText } from "../../../components/admin/email-text";
import { formatNairobiDate, formatNairobiTime } from "../../../lib/format";
import { actionLabel, detailChanges } from "../lib/audit-labels";

const columns = ["Time", "Admin", "Action", "Target", "Details", "IP"] as const;

interface AuditListProps {
  entries: readonly AuditEntry[];
  busy: boolean;
}

const actionPalettes: Record<string, string> = {
  user: "blue",
  package: "purple",
  withdrawal: "orange",
  adjustment: "teal",
};

export function AuditTable({ entries, busy }: AuditListProps) {
  return (
    <AdminTable label="Audit entries" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {entries.map((entry) => (
          <Table.Row key={entry._id} verticalAlign="top">
            <Table.Cell whiteSpace="nowrap">
              <When entry={entry} />
            </Table.Cell>
            <Table.Cell minW="10rem">
              <Actor entry={entry} />
            </Table.Cell>
            <Table.Cell>
              <ActionBadge entry={entry} />
            </Table.Cell>
            <Table.Cell minW="8rem">
              <Target entry={entry} />
            </Table.Cell>
            <Table.Cell minW="12rem">
              <Details entry={entry} />
            </Table.Cell>
            <Table.Cell minW="8.5rem">
              <Ip entry={entry} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** The same entries on a phone, one card each. */
export function AuditCards({ entries, busy }: AuditListProps) {
  return (
    <AdminCardList label="Audit entries" items={entries} itemKey={(entry) => entry._id} busy={busy}>
      {(entry) => (
        <>
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <ActionBadge entry={entry} />
            <Text fontSize="sm" color="fg.muted">
              {formatNairobiDate(entry.createdAt)} {formatNairobiTime(entry.createdAt)}
            </Text>
          </Flex>
          <Target entry={entry} />
          <Details entry={entry} />
          <Flex justify="space-between" align="end" gap="3" wrap="wrap">
            <Actor entry={entry} />
            <Ip entry={entry} />
          </Flex>
        </>
      )}
    </AdminCardList>
  );
}

function When({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Text>{formatNairobiDate(entry.createdAt)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {formatNairobiTime(entry.createdAt)}
      </Text>
    </>
  );
}

function Actor({ entry: { actor } }: { entry: AuditEntry }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="medium">
        {actor.firstName} {actor.lastName}
      </Text>
      <EmailText email={actor.email} fontSize="sm" color="fg.muted" />
    </Stack>
  );
}

function ActionBadge({ entry }: { entry: AuditEntry }) {
  const palette = actionPalettes[entry.action.split(".")[0] ?? ""] ?? "gray";
  return (
    <Badge colorPalette={palette} variant="subtle" whiteSpace="normal">
      {actionLabel(entry.action)}
    </Badge>
  );
}

function Target({ entry: { target } }: { entry: AuditEntry }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="medium" overflowWrap="anywhere">
        {target.label}
      </Text>
      <Text fontSize="xs" color="fg.muted" textTransform="capitalize">
        {target.type}
      </Text>
    </Stack>
  );
}

/** Before → after for each changed field, then the admin's reason. */
function Details({ entry }: { entry: AuditEntry }) {
  const changes = detailChanges(entry);
  const { reason } = entry.details;
  if (changes.length === 0 && !reason) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="1" minW="0" fontSize="sm">
      {changes.map((change) => (
        <Text key={change.field} overflowWrap="anywhere">
          <Text as="span" color="fg.muted">
            {change.field}:
          </Text>{" "}
          {change.before !== undefined && change.after !== undefined
            ? `${change.before} → ${change.after}`
            : (change.after ?? change.before)}
        </Text>
      ))}
      {reason && (
        <Text overflowWrap="anywhere">
          <Text as="span" color="fg.muted">
            Reason:
          </Text>{" "}
          {reason}
        </Text>
      )}
    </Stack>
  );
}

function Ip({ entry }: { entry: AuditEntry }) {
  return (
    <Text fontFamily="mono" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
      {entry.details.ip}
    </Text>
  );
}
