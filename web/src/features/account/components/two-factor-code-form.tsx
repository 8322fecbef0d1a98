import { Button, Flex, Stack, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { FormField } from "../../../components/ui/form-field";
import { OneTimeCodeInput, useOneTimeCodeForm } from "../../../components/ui/one-time-code-input";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { toast } from "../../../lib/toast/toast";
import { SECURITY_TEXTS } from "../lib/security-texts";

interface TwoFactorCodeFormProps {
  prompt: string;
  submitLabel: string;
  loadingText: string;
  /** Sends the code; resolves with the user as the server now has it. */
  confirm: (code: string) => Promise<User>;
  /** The toast once it worked. */
  done: string;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * A code from the authenticator app confirming a change to two-factor sign-in. The user the server answers with
 * replaces the signed-in user, so every screen sees the new setting at once. A wrong or used code, or too many
 * tries, is the server's message under the field.
 */
export function TwoFactorCodeForm({
  prompt,
  submitLabel,
  loadingText,
  confirm,
  done,
  onDone,
  onCancel,
}: TwoFactorCodeFormProps) {
  const { setUser } = useAuth();
  const { code, setCode, codeError, submitting, handleSubmit } = useOneTimeCodeForm(
    async (checked) => {
      setUser(await confirm(checked));
      toast.success(done);
      onDone();
    },
    (error) => errorMessage(error, SECURITY_TEXTS.changeFailed),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="3">
        <Text>{prompt}</Text>
        <FormField label={SECURITY_TEXTS.codeLabel} error={codeError}>
          <OneTimeCodeInput maxW="14rem" value={code} onChange={(event) => setCode(event.target.value)} />
        </FormField>
        <Flex gap="3" wrap="wrap">
          <Button type="submit" loading={submitting} loadingText={loadingText}>
            {submitLabel}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={submitting}>
            {SECURITY_TEXTS.cancel}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
