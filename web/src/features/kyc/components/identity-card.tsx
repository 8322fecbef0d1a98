import { Button, Card, Flex, Heading, Link, List, Stack, Text } from "@chakra-ui/react";
import {
  formatKes,
  KYC_DOCUMENT_LABELS,
  KYC_DOCUMENTS,
  KYC_MESSAGES,
  type KycExport,
  type KycStatus,
  UNVERIFIED_LIMITS,
} from "@jengafund/shared";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { downloadFile } from "../../../lib/download-file";
import { formatNairobiTime } from "../../../lib/format";
import { toast } from "../../../lib/toast/toast";
import { exportKyc } from "../api/export-kyc";
import { kycExportFile } from "../lib/kyc-export";
import { kycStatusOf } from "../lib/kyc-status";
import { KycStatusBadge } from "./kyc-status-badge";

export const UNVERIFIED_LIMITS_TEXT = `Until your identity is verified you can withdraw up to ${formatKes(
  UNVERIFIED_LIMITS.dailyWithdrawalKes,
)} a day and deposit up to ${formatKes(UNVERIFIED_LIMITS.totalDepositKes)} in all.`;

const STATUS_TEXTS: Readonly<Record<KycStatus, string>> = {
  none: UNVERIFIED_LIMITS_TEXT,
  pending: KYC_MESSAGES.submitted,
  verified: "Your identity is verified: only M-Pesa's own limits apply.",
  rejected: KYC_MESSAGES.rejected,
};

/** Account's Identity card: the verification's status, the way to Verify identity, and "Download my data". */
export function IdentityCard() {
  const { user } = useAuth();
  const [exported, setExported] = useState<KycExport | null>(null);
  const download = useMutation({
    mutationFn: exportKyc,
    onSuccess: (kyc) => {
      const { file, fileName } = kycExportFile(kyc);
      downloadFile(file, fileName);
      setExported(kyc);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to download your data")),
  });
  if (!user) return null;
  const status = kycStatusOf(user);

  return (
    <Card.Root as="section" aria-labelledby="identity-title" bg="bg">
      <Card.Body gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md" id="identity-title">
            Identity
          </Heading>
          <KycStatusBadge status={status} />
        </Flex>
        <Text fontSize="sm">{STATUS_TEXTS[status]}</Text>
        {status === "rejected" && user.kyc?.reason && (
          <Text fontSize="sm" data-testid="kyc-rejection-reason">
            Reason: {user.kyc.reason}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          {status !== "verified" && status !== "pending" && (
            <Button asChild size="sm">
              <RouterLink to={paths.dashboard.verifyIdentity}>
                {status === "rejected" ? "Try again" : "Verify identity"}
              </RouterLink>
            </Button>
          )}
          {status !== "none" && (
            <Button size="sm" variant="outline" loading={download.isPending} onClick={() => download.mutate()}>
              Download my data
            </Button>
          )}
        </Flex>
        {exported && <ExportedFiles kyc={exported} />}
      </Card.Body>
    </Card.Root>
  );
}

/** The files of the download, as links that open in a new tab while they last. */
function ExportedFiles({ kyc }: { kyc: KycExport }) {
  const files = KYC_DOCUMENTS.filter((document) => kyc.files[document]);
  if (files.length === 0) return null;
  return (
    <Stack gap="1" fontSize="sm">
      <Text color="fg.muted">Your files (the links work until {formatNairobiTime(kyc.filesExpireAt)}):</Text>
      <List.Root ps="5">
        {files.map((document) => (
          <List.Item key={document}>
            <Link href={kyc.files[document]} target="_blank" rel="noopener noreferrer" color="brand.fg">
              {KYC_DOCUMENT_LABELS[document]}
            </Link>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
