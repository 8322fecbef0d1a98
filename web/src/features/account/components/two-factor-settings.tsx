import { Alert, Badge, Box, Button, Code, Flex, Heading, IconButton, Image, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { CopyIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { toast } from "../../../lib/toast/toast";
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, startTwoFactorSetup } from "../api/two-factor";
import { qrCodeImage } from "../lib/qr-code";
import { SECURITY_TEXTS } from "../lib/security-texts";
import { RecoveryCodes } from "./recovery-codes";
import { type PasswordAndCode, TwoFactorCodeForm } from "./two-factor-code-form";

type Step =
  | { kind: "idle" }
  | { kind: "setup"; secret: string; qrCode: string }
  | { kind: "disable" }
  | { kind: "regenerate" }
  | { kind: "codes"; codes: string[]; notice: string };

interface TwoFactorSettingsProps {
  /** Told when the recovery codes appear and when the user is done with them (the admin gate stays open till then). */
  onCodesShown?: (shown: boolean) => void;
}

/**
 * Two-factor sign-in for the signed-in user (design.md §11, §12.2): whether it is on; turning it on (a QR code and the
 * key as text, then a code and the password), which hands out ten recovery codes shown this once; making new recovery
 * codes; turning it off. Every change asks for the password and a code. When a step ends, the focus comes back to
 * the section's heading.
 */
export function TwoFactorSettings({ onCodesShown }: TwoFactorSettingsProps = {}) {
  const { user, setUser } = useAuth();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);

  useEffect(() => {
    if (step.kind !== "idle" || !returning.current) return;
    returning.current = false;
    heading.current?.focus();
  }, [step.kind]);

  if (!user) return null;
  const enabled = user.twoFactorEnabled;
  const backToIdle = () => {
    returning.current = true;
    setStep({ kind: "idle" });
  };
  const showCodes = (codes: string[], notice: string) => {
    setStep({ kind: "codes", codes, notice });
    onCodesShown?.(true);
  };

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

  async function turnOn(input: PasswordAndCode) {
    const { user: updated, recoveryCodes } = await enableTwoFactor(input);
    showCodes(recoveryCodes, `${SECURITY_TEXTS.enabled} ${SECURITY_TEXTS.otherSessionsEnded}`);
    // Said once, above the codes (no toast over the list).
    setUser(updated);
  }

  async function turnOff(input: PasswordAndCode) {
    setUser(await disableTwoFactor(input));
    toast.success(SECURITY_TEXTS.disabled);
    backToIdle();
  }

  async function regenerate(input: PasswordAndCode) {
    const codes = await regenerateRecoveryCodes(input);
    showCodes(codes, SECURITY_TEXTS.regenerated);
  }

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h3" size="sm" ref={heading} tabIndex={-1} outline="none">
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
          <Flex gap="3" wrap="wrap">
            <Button variant="outline" onClick={() => setStep({ kind: "regenerate" })}>
              {SECURITY_TEXTS.regenerate}
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => setStep({ kind: "disable" })}>
              {SECURITY_TEXTS.turnOff}
            </Button>
          </Flex>
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
            acceptsRecoveryCode={false}
            submitLabel={SECURITY_TEXTS.confirmOn}
            loadingText={SECURITY_TEXTS.turningOn}
            send={turnOn}
            onCancel={backToIdle}
          />
        </Stack>
      )}
      {step.kind === "disable" && (
        <TwoFactorCodeForm
          prompt={SECURITY_TEXTS.disablePrompt}
          acceptsRecoveryCode
          submitLabel={SECURITY_TEXTS.confirmOff}
          loadingText={SECURITY_TEXTS.turningOff}
          send={turnOff}
          onCancel={backToIdle}
        />
      )}
      {step.kind === "regenerate" && (
        <TwoFactorCodeForm
          prompt={SECURITY_TEXTS.regeneratePrompt}
          acceptsRecoveryCode
          submitLabel={SECURITY_TEXTS.confirmRegenerate}
          loadingText={SECURITY_TEXTS.regenerating}
          send={regenerate}
          onCancel={backToIdle}
        />
      )}
      {step.kind === "codes" && (
        <RecoveryCodes
          codes={step.codes}
          notice={step.notice}
          onDone={() => {
            onCodesShown?.(false);
            backToIdle();
          }}
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
