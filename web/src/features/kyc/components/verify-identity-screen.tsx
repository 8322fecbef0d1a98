import { Alert, Button, Card, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { KYC_MESSAGES, type KycView } from "@jengafund/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { PanelHeader } from "../../../components/ui/panel-header";
import { paths } from "../../../config/paths";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import { useKyc } from "../hooks/use-kyc";
import { kycStatusOf } from "../lib/kyc-status";
import { UNVERIFIED_LIMITS_TEXT } from "./identity-card";
import { KycDetailsForm, type KycStarted, uploadedDocuments } from "./kyc-details-form";
import { KycDocumentsStep } from "./kyc-documents-step";
import { KycStatusBadge } from "./kyc-status-badge";
import { KycSummary } from "./kyc-summary";

type Flow = { step: "details" } | { step: "documents"; started: KycStarted } | { step: "submitted"; kyc: KycView };

/**
 * Account → Verify identity (design.md §13.5): step 1 the details and the consent, step 2 the three documents, step 3
 * "Submitted". A verification under review or decided is shown as it stands; a rejected one says why and starts again.
 */
export function VerifyIdentityScreen() {
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const kyc = useKyc();
  const [flow, setFlow] = useState<Flow | null>(null);
  if (!user) return null;
  const status = kyc.data?.status ?? kycStatusOf(user);
  const reason = kyc.data?.reason ?? user.kyc?.reason;

  function submitted(view: KycView) {
    queryClient.setQueryData(queryKeys.kyc, view);
    setFlow({ step: "submitted", kyc: view });
    // The header and Account follow at once; later decisions arrive with GET /auth/me's own re-reads.
    void refreshUser();
  }

  let body: ReactNode;
  if (flow?.step === "submitted") {
    body = (
      <Step number={3} title="Submitted">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{KYC_MESSAGES.submitted}</Alert.Title>
        </Alert.Root>
        <KycSummary kyc={flow.kyc} />
        <BackToAccount />
      </Step>
    );
  } else if (flow?.step === "documents") {
    body = (
      <Step number={2} title="Your documents">
        <KycDocumentsStep
          details={flow.started.details}
          forms={flow.started.forms}
          uploaded={uploadedDocuments(flow.started.kyc)}
          onSubmitted={submitted}
        />
      </Step>
    );
  } else if (flow?.step === "details" || status === "none") {
    body = (
      <Step number={1} title="Your details">
        <Text color="fg.muted">{UNVERIFIED_LIMITS_TEXT}</Text>
        <KycDetailsForm
          initialIdType={kyc.data?.idType}
          onStarted={(started) => setFlow({ step: "documents", started })}
        />
      </Step>
    );
  } else {
    body = (
      <Card.Root bg="bg">
        <Card.Body gap="4">
          <Stack direction="row" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md" id="kyc-step-title">
              Your verification
            </Heading>
            <KycStatusBadge status={status} />
          </Stack>
          {status === "pending" && <Text>{KYC_MESSAGES.submitted}</Text>}
          {status === "verified" && <Text>{KYC_MESSAGES.verified}. Only M-Pesa's own limits apply to you.</Text>}
          {status === "rejected" && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Stack gap="1">
                <Alert.Title>{KYC_MESSAGES.rejected}</Alert.Title>
                {reason && <Alert.Description>Reason: {reason}</Alert.Description>}
              </Stack>
            </Alert.Root>
          )}
          {kyc.data && <KycSummary kyc={kyc.data} />}
          {status === "rejected" && (
            <Button alignSelf="start" onClick={() => setFlow({ step: "details" })}>
              Try again
            </Button>
          )}
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Stack gap="6">
      <Link asChild color="brand.fg" fontSize="sm" alignSelf="start">
        <RouterLink to={paths.dashboard.account}>← Back to Account</RouterLink>
      </Link>
      <PanelHeader
        title="Verify identity"
        description="Your ID, KRA PIN and a selfie, reviewed by our team, lift the limits of an unverified account."
      />
      {body}
    </Stack>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby="kyc-step-title" gap="4">
      <Heading as="h2" size="md" id="kyc-step-title">
        Step {number} of 3: {title}
      </Heading>
      {children}
    </Stack>
  );
}

function BackToAccount() {
  return (
    <Button asChild variant="outline" alignSelf="start">
      <RouterLink to={paths.dashboard.account}>Back to Account</RouterLink>
    </Button>
  );
}
