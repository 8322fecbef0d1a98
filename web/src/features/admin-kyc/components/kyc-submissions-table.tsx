import { Button, Flex, Stack, Table, Text } from "@chakra-ui/react";
import type { KycSubmissionSummary } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatNairobiDate, formatNairobiDateTime, formatNairobiTime } from "../../../lib/format";
import { idTypeLabel, isDecidableBy, isOwn, personName } from "../lib/kyc-review";

const columns = ["Account", "ID", "Submitted", "Status", "Decided", "Actions"] as const;

interface KycSubmissionListProps {
  submissions: readonly KycSubmissionSummary[];
  busy: boolean;
  /** The signed-in admin, who may not review their own verification. */
  adminId: string | undefined;
  onOpen: (submission: KycSubmissionSummary) => void;
}

export function KycSubmissionsTable({ submissions, busy, adminId, onOpen }: KycSubmissionListProps) {
  return (
    <AdminTable label="Verifications" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {submissions.map((submission) => (
          <Table.Row key={submission.userId} verticalAlign="top">
            <Table.Cell minW="9rem">
              <Person submission={submission} />
            </Table.Cell>
            <Table.Cell>
              <IdSummary submission={submission} />
            </Table.Cell>
            <Table.Cell>
              <Text whiteSpace="nowrap">{formatNairobiDate(submission.submittedAt)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatNairobiTime(submission.submittedAt)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <StatusBadge status={submission.status} />
            </Table.Cell>
            <Table.Cell minW="7rem">
              <Outcome submission={submission} />
            </Table.Cell>
            <Table.Cell>
              <Actions submission={submission} adminId={adminId} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** The same submissions on a phone, one card each. */
export function KycSubmissionCards({ submissions, busy, adminId, onOpen }: KycSubmissionListProps) {
  return (
    <AdminCardList label="Verifications" items={submissions} itemKey={(item) => item.userId} busy={busy}>
      {(submission) => (
        <>
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Person submission={submission} />
            <StatusBadge status={submission.status} />
          </Flex>
          <IdSummary submission={submission} />
          <Text fontSize="sm" color="fg.muted">
            Submitted {formatNairobiDateTime(submission.submittedAt)}
          </Text>
          {submission.decidedAt && <Outcome submission={submission} />}
          <Actions submission={submission} adminId={adminId} onOpen={onOpen} size="sm" />
        </>
      )}
    </AdminCardList>
  );
}

function Person({ submission }: { submission: KycSubmissionSummary }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="medium" overflowWrap="anywhere">
        {personName(submission)}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {submission.phoneNumber}
      </Text>
    </Stack>
  );
}

/** The ID's type and its number, masked as in every list. */
function IdSummary({ submission }: { submission: KycSubmissionSummary }) {
  return (
    <Stack gap="0" fontSize="sm">
      <Text>{idTypeLabel(submission)}</Text>
      <Text color="fg.muted" fontFamily="mono">
        {submission.idNumberMasked}
      </Text>
    </Stack>
  );
}

function Outcome({ submission }: { submission: KycSubmissionSummary }) {
  if (!submission.decidedAt) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="0" fontSize="sm" color="fg.muted">
      <Text>{formatNairobiDateTime(submission.decidedAt)}</Text>
      {submission.decidedBy && <Text>By: {submission.decidedBy.name}</Text>}
      {submission.reason && <Text overflowWrap="anywhere">Reason: {submission.reason}</Text>}
    </Stack>
  );
}

interface ActionsProps {
  submission: KycSubmissionSummary;
  adminId: string | undefined;
  onOpen: (submission: KycSubmissionSummary) => void;
  size?: "xs" | "sm";
}

/** "Review" for a pending submission this admin may decide; otherwise its details (their own: a note why). */
function Actions({ submission, adminId, onOpen, size = "xs" }: ActionsProps) {
  const name = personName(submission);
  if (isDecidableBy(submission, adminId)) {
    return (
      <Button size={size} onClick={() => onOpen(submission)} aria-label={`Review verification of ${name}`}>
        Review
      </Button>
    );
  }
  return (
    <Stack gap="1" align="start">
      {isOwn(submission, adminId) && submission.status === "pending" && (
        <Text fontSize="sm" color="fg.muted">
          Your own: another admin reviews it
        </Text>
      )}
      <Button
        size={size}
        variant="outline"
        onClick={() => onOpen(submission)}
        aria-label={`View verification of ${name}`}
      >
        View Details
      </Button>
    </Stack>
  );
}
