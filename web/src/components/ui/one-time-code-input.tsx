import { Input, type InputProps } from "@chakra-ui/react";
import { type SecondFactorSchema, TwoFactorCodeSchema } from "@jengafund/shared";
import { type FormEvent, useState } from "react";

/**
 * The 6-digit code of an authenticator app: the phone's number pad, and the code the phone offers to fill in. A
 * space between the digits, as some apps show it, is allowed (the shared schema drops it).
 */
export function OneTimeCodeInput(props: Omit<InputProps, "type" | "inputMode" | "autoComplete">) {
  return (
    <Input
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      fontSize="xl"
      letterSpacing="0.3em"
      {...props}
    />
  );
}

/**
 * A form that sends one authenticator code: the code is checked for its form first, then `send` runs; when it
 * fails, `explain` gives the message to show under the field (or undefined when it told the user otherwise).
 * `schema`: what the field accepts, 6 digits unless a recovery code may stand in (SecondFactorSchema).
 */
export function useOneTimeCodeForm(
  send: (code: string) => Promise<void>,
  explain: (error: unknown) => string | undefined,
  schema: typeof TwoFactorCodeSchema | typeof SecondFactorSchema = TwoFactorCodeSchema,
) {
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    setSubmitting(true);
    try {
      await send(parsed.data);
    } catch (error) {
      setCodeError(explain(error));
      setSubmitting(false);
    }
  }

  return { code, setCode, codeError, submitting, handleSubmit };
}
