import { Alert, Box, Button, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { ConfirmTwoFactorInputSchema, EnableTwoFactorInputSchema } from "@jengafund/shared";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../../components/ui/form-field";
import { OneTimeCodeInput } from "../../../components/ui/one-time-code-input";
import { PasswordInput } from "../../../components/ui/password-input";
import { errorMessage } from "../../../lib/api-client";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import { SECURITY_TEXTS } from "../lib/security-texts";

/** What a change to two-factor sign-in sends: the password and a second factor (design.md §12.2). */
export interface PasswordAndCode {
  code: string;
  password: string;
}

interface TwoFactorCodeFormProps {
  prompt: string;
  /**
   * Whether one of the recovery codes may stand in for the authenticator code: yes to turn it off or make new codes
   * (the phone may be gone), no to turn it on (the code proves the new authenticator works).
   */
  acceptsRecoveryCode: boolean;
  submitLabel: string;
  loadingText: string;
  /** Sends the checked password and code; a rejection's server message is shown above the buttons. */
  send: (input: PasswordAndCode) => Promise<void>;
  onCancel: () => void;
}

/**
 * The password and a code confirming a change to two-factor sign-in, so that a session alone (a stolen token, an
 * unlocked computer) cannot change it. Each field's own mistakes show under it; the server's refusal (a wrong password
 * or code, or too many wrong codes and until when) shows as an alert, since it may be about either field.
 */
export function TwoFactorCodeForm({
  prompt,
  acceptsRecoveryCode,
  submitLabel,
  loadingText,
  send,
  onCancel,
}: TwoFactorCodeFormProps) {
  const promptId = useId();
  const [values, setValues] = useState<PasswordAndCode>({ code: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<keyof PasswordAndCode>>({});
  const [refusal, setRefusal] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof PasswordAndCode) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schema = acceptsRecoveryCode ? ConfirmTwoFactorInputSchema : EnableTwoFactorInputSchema;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setRefusal(undefined);
    setSubmitting(true);
    try {
      await send(parsed.data);
    } catch (error) {
      setRefusal(errorMessage(error, SECURITY_TEXTS.changeFailed));
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={promptId}>
      <Stack gap="3">
        <Text id={promptId}>{prompt}</Text>
        <FormField label={SECURITY_TEXTS.passwordLabel} error={errors.password}>
          {/* The width on a box around the field, so the show/hide toggle stays inside the field's end. */}
          <Box w="full" maxW="20rem">
            <PasswordInput
              name="password"
              autoComplete="current-password"
              // The form replaces the button that opened it: the user goes on from its first field.
              autoFocus
              value={values.password}
              onChange={update("password")}
            />
          </Box>
        </FormField>
        {acceptsRecoveryCode ? (
          <FormField
            label={SECURITY_TEXTS.codeOrRecoveryLabel}
            helper={SECURITY_TEXTS.codeOrRecoveryHelper}
            error={errors.code}
          >
            <Input
              name="otp"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              maxW="20rem"
              fontSize="lg"
              letterSpacing="0.1em"
              value={values.code}
              onChange={update("code")}
            />
          </FormField>
        ) : (
          <FormField label={SECURITY_TEXTS.codeLabel} error={errors.code}>
            <OneTimeCodeInput maxW="14rem" value={values.code} onChange={update("code")} />
          </FormField>
        )}
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{refusal}</Alert.Description>
          </Alert.Root>
        )}
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
