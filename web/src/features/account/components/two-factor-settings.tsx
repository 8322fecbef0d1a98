import { Alert, Badge, Box, Button, Code, Flex, Heading, IconButton, Image, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { CopyIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { toast } from "../../../lib/toast/toast";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "../api/two-factor";
import { qrCodeImage } from "../lib/qr-code";
import { SECURITY_TEXTS } from "../lib/security-texts";
import { TwoFactorCodeForm } from "./two-factor-code-form";

type Step = { kind: "idle" } | { kind: "setup"; secret: string; qrCode: string } | { kind: "disable" };

/**
 * Two-factor sign-in for the signed-in user (design.md §11): whether it is on, turning it on (a QR code and the key
 * as text, then a code to confirm) and off (a code).
 */
export function TwoFactorSettings() {
  const { user } = useAuth();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (!user) return null;
  const enabled = user.twoFactorEnabled;
  const backToIdle = () => setStep({ kind: "idle" });

  async function startSetup() {
    setFailure(undefined);
    setStarting(true);
    try {
      const { secret, otpauthUrl } = await startTwoFactorSetup();
      setStep({ kind: "setup", secret, qrCode: await qrCodeImage(otpauthUrl) });
    } catch (error) {
      setFailure(errorMessage(error, SECURITY_TEXTS.setupFailed));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h3" size="sm">
          {SECURITY_TEXTS.heading}
        </Heading>
        <Badge colorPalette={enabled ? "green" : "gray"} variant="subtle" size="lg">
          {enabled ? SECURITY_TEXTS.on : SECURITY_TEXTS.off}
        </Badge>
      </Flex>
      <Text color="fg.muted">{enabled ? SECURITY_TEXTS.explainOn : SECURITY_TEXTS.explainOff}</Text>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{failure}</Alert.Description>
        </Alert.Root>
      )}
      {step.kind === "idle" &&
        (enabled ? (
          <Button alignSelf="start" variant="outline" colorPalette="red" onClick={() => setStep({ kind: "disable" })}>
            {SECURITY_TEXTS.turnOff}
          </Button>
        ) : (
          <Button
            alignSelf="start"
            onClick={() => void startSetup()}
            loading={starting}
            loadingText={SECURITY_TEXTS.starting}
          >
            {SECURITY_TEXTS.turnOn}
          </Button>
        ))}
      {step.kind === "setup" && (
        <Stack gap="4">
          <Text>{SECURITY_TEXTS.scan}</Text>
          <Box alignSelf={{ base: "center", sm: "start" }} bg="white" borderWidth="1px" borderRadius="md" p="1">
            <Image src={step.qrCode} alt={SECURITY_TEXTS.qrAlt} boxSize="48" />
          </Box>
          <SecretKey secret={step.secret} />
          <TwoFactorCodeForm
            prompt={SECURITY_TEXTS.enterCode}
            submitLabel={SECURITY_TEXTS.confirmOn}
            loadingText={SECURITY_TEXTS.turningOn}
            confirm={enableTwoFactor}
            done={SECURITY_TEXTS.enabled}
            onDone={backToIdle}
            onCancel={backToIdle}
          />
        </Stack>
      )}
      {step.kind === "disable" && (
        <TwoFactorCodeForm
          prompt={SECURITY_TEXTS.disablePrompt}
          submitLabel={SECURITY_TEXTS.confirmOff}
          loadingText={SECURITY_TEXTS.turningOff}
          confirm={disableTwoFactor}
          done={SECURITY_TEXTS.disabled}
          onDone={backToIdle}
          onCancel={backToIdle}
        />
      )}
    </Stack>
  );
}

/** The key as text, for a phone that cannot scan its own screen; grouped by four as authenticator apps show it. */
function SecretKey({ secret }: { secret: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(SECURITY_TEXTS.secretCopied);
    } catch {
      toast.error(SECURITY_TEXTS.copyFailed);
    }
  }
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted" id="two-factor-key-label">
        {SECURITY_TEXTS.secretLabel}
      </Text>
      <Flex align="center" gap="2">
        <Code
          aria-labelledby="two-factor-key-label"
          data-testid="two-factor-secret"
          fontSize="md"
          px="2"
          py="1"
          overflowWrap="anywhere"
          whiteSpace="normal"
        >
          {secret.match(/.{1,4}/g)?.join(" ")}
        </Code>
        <IconButton variant="ghost" size="sm" aria-label={SECURITY_TEXTS.copySecret} onClick={() => void copy()}>
          <CopyIcon />
        </IconButton>
      </Flex>
    </Stack>
  );
}
