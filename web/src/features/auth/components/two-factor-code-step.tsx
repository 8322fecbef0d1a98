import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { SecondFactorSchema } from "@jengafund/shared";
import type { ReactNode } from "react";
import { FormField } from "../../../components/ui/form-field";
import { useOneTimeCodeForm } from "../../../components/ui/one-time-code-input";
import { errorMessage, isTwoFactorRequired } from "../../../lib/api-client";
import { toast } from "../../../lib/toast/toast";
import { TWO_FACTOR_LOGIN_TEXTS } from "../lib/auth-texts";
import { challengeOf } from "../lib/challenge";

interface TwoFactorCodeStepProps {
  /** Whose sign-in this is, so the user sees which account the code is for. */
  email: string;
  /** Sends the login again with the code (or recovery code); resolves once signed in. */
  onSubmit: (otp: string) => Promise<void>;
  /** Back to email and password, e.g. to sign in with another account. */
  onBack: () => void;
  /** The proof-of-work check, when the server asked for one (design.md §12.2). */
  check?: ReactNode;
}

/**
 * The second step of signing in to an account with two-factor sign-in (design.md §11, §12.2): the authenticator's
 * 6-digit code, or one of the account's recovery codes in its place. A wrong or used code comes back as the same 401
 * with the server's reason, shown under the field; anything else is a toast as on step one.
 */
export function TwoFactorCodeStep({ email, onSubmit, onBack, check }: TwoFactorCodeStepProps) {
  const { code, setCode, codeError, submitting, handleSubmit } = useOneTimeCodeForm(
    onSubmit,
    (error) => {
      if (isTwoFactorRequired(error) || challengeOf(error)) return errorMessage(error, "Login failed");
      toast.error(errorMessage(error, "Login failed"));
      return undefined;
    },
    SecondFactorSchema,
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={TWO_FACTOR_LOGIN_TEXTS.title}>
      <Stack gap="4">
        <Stack gap="1">
          <Text fontWeight="semibold">{TWO_FACTOR_LOGIN_TEXTS.title}</Text>
          <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
            {email}
          </Text>
        </Stack>
        <Text>{TWO_FACTOR_LOGIN_TEXTS.prompt}</Text>
        <FormField
          label={TWO_FACTOR_LOGIN_TEXTS.codeLabel}
          error={codeError}
          helper={TWO_FACTOR_LOGIN_TEXTS.recoveryHint}
        >
          <Input
            name="otp"
            // Letters too: a recovery code (xxxxx-xxxxx) may stand in for the authenticator's digits.
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            fontSize="xl"
            letterSpacing="0.2em"
            // The step appears in place of the password form; the code field is where the user goes next.
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        {check}
        <Button type="submit" size="lg" loading={submitting} loadingText={TWO_FACTOR_LOGIN_TEXTS.verifying}>
          {TWO_FACTOR_LOGIN_TEXTS.verify}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={submitting}>
          {TWO_FACTOR_LOGIN_TEXTS.back}
        </Button>
      </Stack>
    </form>
  );
}
