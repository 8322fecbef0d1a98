import { Alert, Button, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { signOutEverywhere } from "../api/sessions";
import { SECURITY_TEXTS } from "../lib/security-texts";

/**
 * "Sign out of all devices" (design.md §12.2): asks first, then ends every session of the account on the server,
 * this browser's included, and goes to the login page. The question takes the focus when it appears; cancelling
 * gives it back to the button.
 */
export function SignOutEverywhere() {
  const { sessionsEnded } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string>();
  const question = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (cancelled.current) {
      cancelled.current = false;
      opener.current?.focus();
    }
  }, [confirming]);

  async function signOut() {
    setFailure(undefined);
    setSigningOut(true);
    try {
      await signOutEverywhere();
      sessionsEnded(SECURITY_TEXTS.signedOutEverywhere);
    } catch (error) {
      setFailure(errorMessage(error, SECURITY_TEXTS.signOutFailed));
      setSigningOut(false);
    }
  }

  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {SECURITY_TEXTS.sessionsHeading}
      </Heading>
      <Text color="fg.muted">{SECURITY_TEXTS.sessionsExplain}</Text>
      {confirming ? (
        <Stack
          gap="3"
          role="group"
          aria-labelledby="sign-out-everywhere-title"
          borderWidth="1px"
          borderColor="border.error"
          borderRadius="md"
          p="4"
        >
          <Heading as="h4" size="sm" id="sign-out-everywhere-title" ref={question} tabIndex={-1} outline="none">
            {SECURITY_TEXTS.signOutConfirmTitle}
          </Heading>
          <Text>{SECURITY_TEXTS.signOutConfirm}</Text>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <Flex gap="3" wrap="wrap">
            <Button
              colorPalette="red"
              onClick={() => void signOut()}
              loading={signingOut}
              loadingText={SECURITY_TEXTS.signingOut}
            >
              {SECURITY_TEXTS.confirmSignOut}
            </Button>
            <Button
              variant="outline"
              disabled={signingOut}
              onClick={() => {
                cancelled.current = true;
                setFailure(undefined);
                setConfirming(false);
              }}
            >
              {SECURITY_TEXTS.cancel}
            </Button>
          </Flex>
        </Stack>
      ) : (
        <Button ref={opener} alignSelf="start" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          {SECURITY_TEXTS.signOutEverywhere}
        </Button>
      )}
    </Stack>
  );
}
