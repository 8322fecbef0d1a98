import { Alert, Button, Dialog, Grid, Heading, List, Spinner, Stack, Text, Textarea } from "@chakra-ui/react";
import {
  DecideKycInputSchema,
  KYC_MESSAGES,
  type KycSubmissionDetail,
  type KycSubmissionSummary,
} from "@jengafund/shared";
import { useState } from "react";
import { type DetailRow, DetailsList } from "../../../components/admin/details-list";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { FormField } from "../../../components/ui/form-field";
import { LoadError } from "../../../components/ui/query-state";
import { SectionSpinner } from "../../../components/ui/section-spinner";
import { StatusBadge } from "../../../components/ui/status-badge";
import { fieldErrors } from "../../../lib/field-errors";
import { formatDate, formatDay, formatNairobiDateTime } from "../../../lib/format";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { useDecideKyc } from "../hooks/use-decide-kyc";
import { useKycSubmission } from "../hooks/use-kyc-submission";
import { idTypeLabel, isDecidableBy, isOwn, OTHER_ACCOUNT_STATUS, personName } from "../lib/kyc-review";
import { KycDocumentsView } from "./kyc-documents-view";

interface KycReviewDialogProps {
  submission: KycSubmissionSummary;
  adminId: string | undefined;
  onClose: () => void;
}

/**
 * The review: the details in full beside the three documents, the account's name, phone and email to compare them
 * with, the other accounts that tried the same ID number, and Verify or Reject (a reason required). An admin's own
 * verification is shown without either: another admin decides it.
 */
export function KycReviewDialog({ submission, adminId, onClose }: KycReviewDialogProps) {
  const detail = useKycSubmission(submission.userId);
  const [submitting, setSubmitting] = useState(false);
  const decidable = isDecidableBy(detail.data ?? submission, adminId);

  return (
    <Dialog.Root
      open
      placement="center"
      size={{ base: "full", md: "xl" }}
      scrollBehavior="inside"
      onOpenChange={({ open }) => !open && !submitting && onClose()}
    >
      <DialogFrame
        title={decidable ? "Review Verification" : "Verification Details"}
        closeDisabled={submitting}
        closeLabel="Close dialog"
        mx={{ base: "0", md: "4" }}
      >
        {detail.data ? (
          <ReviewBody
            detail={detail.data}
            adminId={adminId}
            decidable={decidable}
            onSubmittingChange={setSubmitting}
            onClose={onClose}
          />
        ) : (
          <Dialog.Body>
            {detail.isError ? (
              <LoadError what="the verification" retrying={detail.isFetching} onRetry={() => void detail.refetch()} />
            ) : (
              <SectionSpinner />
            )}
          </Dialog.Body>
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}

interface ReviewBodyProps {
  detail: KycSubmissionDetail;
  adminId: string | undefined;
  decidable: boolean;
  onSubmittingChange: (submitting: boolean) => void;
  onClose: () => void;
}

function ReviewBody({ detail, adminId, decidable, onSubmittingChange, onClose }: ReviewBodyProps) {
  const name = personName(detail);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const decision = useDecideKyc({
    userId: detail.userId,
    onSubmittingChange,
    onDecided: onClose,
    onRefused: setRefusal,
  });
  const decide = useOneAtATime((input: { decision: "verify" | "reject"; reason: string }) =>
    decision.mutateAsync(input),
  );
  const busy = decide.busy || decision.isPending;

  function send(choice: "verify" | "reject") {
    const input = { decision: choice, reason: reason.trim() };
    const parsed = DecideKycInputSchema.safeParse(input);
    setReasonError(parsed.success ? undefined : fieldErrors<"reason">(parsed.error.issues).reason);
    setRefusal(null);
    if (parsed.success) decide.run(input);
  }

  return (
    <>
      <Dialog.Body>
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="6">
          <Stack gap="5" minW="0">
            <DetailsList rows={detailRows(detail)} labelMinW={{ base: "7.5rem", sm: "9rem" }} />
            <OtherAccounts detail={detail} />
            {isOwn(detail, adminId) && (
              <Alert.Root status="info" variant="subtle">
                <Alert.Indicator />
                <Alert.Description>{KYC_MESSAGES.ownSubmission}</Alert.Description>
              </Alert.Root>
            )}
            {decidable && (
              <FormField
                label="Reason"
                required={false}
                error={reasonError}
                helper="Required to reject; the account is told."
              >
                <Textarea
                  name="reason"
                  rows={3}
                  value={reason}
                  disabled={busy}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonError(undefined);
                  }}
                />
              </FormField>
            )}
            {refusal && (
              <Alert.Root status="error" size="sm">
                <Alert.Indicator />
                <Alert.Description>{refusal}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
          <Stack gap="2" minW="0">
            <Heading as="h3" size="sm">
              Documents
            </Heading>
            <Text fontSize="xs" color="fg.muted">
              Links valid until {formatNairobiDateTime(detail.imagesExpireAt)}; they are renewed while this stays open.
            </Text>
            <KycDocumentsView images={detail.images} name={name} />
          </Stack>
        </Grid>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Close
        </Button>
        {decidable && (
          <>
            <Button
              colorPalette="red"
              variant="outline"
              onClick={() => send("reject")}
              disabled={busy || decide.offline}
            >
              {busy && <Spinner size="sm" />}
              Reject
            </Button>
            <Button onClick={() => send("verify")} disabled={busy || decide.offline}>
              {busy && <Spinner size="sm" />}
              Verify
            </Button>
          </>
        )}
      </Dialog.Footer>
    </>
  );
}

function detailRows(detail: KycSubmissionDetail): DetailRow[] {
  const rows: DetailRow[] = [
    ["Name", personName(detail)],
    ["Phone", detail.phoneNumber],
    ["Email", detail.email],
    ["Member since", formatDate(detail.accountCreatedAt)],
    ["ID type", idTypeLabel(detail)],
    [
      "ID number",
      <Text as="span" key="id" fontFamily="mono">
        {detail.idNumber}
      </Text>,
    ],
    [
      "KRA PIN",
      <Text as="span" key="pin" fontFamily="mono">
        {detail.kraPin}
      </Text>,
    ],
    ["Date of birth", formatDay(detail.dateOfBirth)],
    ["Submitted", formatNairobiDateTime(detail.submittedAt)],
    ["Status", <StatusBadge key="status" status={detail.status} />],
  ];
  if (detail.decidedBy) rows.push(["Decided by", detail.decidedBy.name]);
  if (detail.decidedAt) rows.push(["Decided", formatNairobiDateTime(detail.decidedAt)]);
  if (detail.reason) rows.push(["Reason", detail.reason]);
  return rows;
}

/** Other accounts that tried the same ID number: one person, many accounts, is what the rule stops. */
function OtherAccounts({ detail }: { detail: KycSubmissionDetail }) {
  return (
    <Stack as="section" aria-labelledby="other-accounts-title" gap="2">
      <Heading as="h3" size="sm" id="other-accounts-title">
        Other accounts that tried this ID
      </Heading>
      {detail.otherAccounts.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          None
        </Text>
      ) : (
        <List.Root ps="5" fontSize="sm" gap="1">
          {detail.otherAccounts.map((account) => (
            <List.Item key={account.userId}>
              {personName(account)}: {OTHER_ACCOUNT_STATUS[account.status]}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
