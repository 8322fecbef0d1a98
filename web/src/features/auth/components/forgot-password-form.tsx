import { Alert, Button, Input, Stack, Text } from "@chakra-ui/react";
import { ForgotPasswordInputSchema } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/ui/form-field";
import { errorMessage } from "../../../lib/api-client";
import { requestPasswordReset } from "../api/request-password-reset";
import { PROOF_OF_WORK_TEXTS, RECOVERY_TEXTS } from "../lib/auth-texts";
import { challengeOf } from "../lib/challenge";
import { AuthAlert } from "./auth-alert";
import { ProofOfWorkCheck } from "./proof-of-work-check";
import { BackToSignIn } from "./sign-in-link";

/**
 * Step one of account recovery (design.md §11). What follows a request is the server's confirmation, the same
 * whether or not the email has an account, so this page never tells who has one. Past the email's hourly limit the
 * server asks for a proof of work (design.md §12.2), for any email alike: the check appears and the next request
 * carries its solution.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [confirmation, setConfirmation] = useState<string>();
  const [sending, setSending] = useState(false);
  const [check, setCheck] = useState<{ challenge: object; round: number }>();
  const [altcha, setAltcha] = useState<string | null>(null);

  async function send() {
    const parsed = ForgotPasswordInputSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    if (check && !altcha) {
      setFailure(PROOF_OF_WORK_TEXTS.unsolved);
      return;
    }
    setFailure(undefined);
    setSending(true);
    // A solution pays for one request.
    const sent = altcha ?? undefined;
    setAltcha(null);
    try {
      const { message } = await requestPasswordReset({ ...parsed.data, ...(sent ? { altcha: sent } : {}) });
      setCheck(undefined);
      setConfirmation(message);
    } catch (error) {
      const challenge = challengeOf(error);
      setCheck(challenge ? { challenge, round: (check?.round ?? 0) + 1 } : sent ? undefined : check);
      // A 429 carries the server's "try again in N minutes"; no answer at all gets our own words.
      setFailure(errorMessage(error, RECOVERY_TEXTS.sendFailed));
    } finally {
      setSending(false);
    }
  }

  const checkView = check && <ProofOfWorkCheck key={check.round} challenge={check.challenge} onChange={setAltcha} />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  if (confirmation !== undefined) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" variant="subtle" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{RECOVERY_TEXTS.sentTitle}</Alert.Title>
            <Alert.Description>{confirmation}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Text fontSize="sm" color="fg.muted">
          {RECOVERY_TEXTS.sentHint}
        </Text>
        {failure && <AuthAlert>{failure}</AuthAlert>}
        {checkView}
        <Button variant="outline" onClick={() => void send()} loading={sending} loadingText={RECOVERY_TEXTS.sending}>
          {RECOVERY_TEXTS.sendAgain}
        </Button>
        <BackToSignIn />
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="4">
        <Text>{RECOVERY_TEXTS.forgotIntro}</Text>
        {failure && <AuthAlert>{failure}</AuthAlert>}
        <FormField label="Email" error={emailError}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        {checkView}
        <Button type="submit" size="lg" loading={sending} loadingText={RECOVERY_TEXTS.sending}>
          {RECOVERY_TEXTS.sendLink}
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}
