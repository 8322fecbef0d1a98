import { Button, Checkbox, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { type LoginInput, LoginInputSchema } from "@jengafund/shared";
import { type FormEvent, useEffect, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { FormField } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { paths } from "../../../config/paths";
import { errorMessage, isTwoFactorRequired } from "../../../lib/api-client";
import { homePath } from "../../../lib/auth/home-path";
import { useAuth } from "../../../lib/auth/use-auth";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import { usePrerenderedForm } from "../../../lib/pre-app-forms";
import { sessionEnded } from "../../../lib/session-ended";
import { toast } from "../../../lib/toast/toast";
import { PROOF_OF_WORK_TEXTS, RECOVERY_TEXTS, SIGN_IN_LINK_TEXTS } from "../lib/auth-texts";
import { challengeOf } from "../lib/challenge";
import { AuthAlert } from "./auth-alert";
import { ProofOfWorkCheck } from "./proof-of-work-check";
import { showRecoveryCodesLeft } from "./recovery-codes-left";
import { TwoFactorCodeStep } from "./two-factor-code-step";

/** Remember me keeps only the email for next time; the session itself always lives in localStorage (spec §4). */
const REMEMBERED_EMAIL_KEY = "rememberedEmail";

export function LoginForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  /** The emailed sign-in link's token (design.md §13.4): sent with the password when the page was opened from it. */
  const signInToken = useSearchParams()[0].get("signin") || undefined;
  const [rememberedEmail] = useState(() => localStorage.getItem(REMEMBERED_EMAIL_KEY));
  /** Why the last session ended, when a 401 sent the browser here: said once, then forgotten. */
  const [endedBecause] = useState(() => sessionEnded.peek());
  useEffect(() => sessionEnded.clear(), []);
  const [values, setValues] = useState<LoginInput>({ email: rememberedEmail ?? "", password: "" });
  const [remember, setRemember] = useState(rememberedEmail !== null);
  const [errors, setErrors] = useState<FieldErrors<keyof LoginInput>>({});
  const [submitting, setSubmitting] = useState(false);
  /** Set once the password was right for an account with two-factor sign-in: the form then asks for the code. */
  const [askForCode, setAskForCode] = useState(false);
  /**
   * The proof of work the server asked for (design.md §12.2), with the reason it gave, and its solution once the
   * widget solved it. `round` remounts the widget for each new challenge.
   */
  const [check, setCheck] = useState<{ challenge: object; reason: string; round: number }>();
  const [altcha, setAltcha] = useState<string | null>(null);
  const [checkPending, setCheckPending] = useState(false);
  /** The page is pre-rendered: what was typed, and a tap on Sign In, before the app took over. */
  const formRef = usePrerenderedForm("login", (typed) => {
    setValues((current) => ({ ...current, ...typed.values }));
    if (typed.checked.remember !== undefined) setRemember(typed.checked.remember);
  });

  const update = (field: keyof LoginInput) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = LoginInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    if (check && !altcha) {
      setCheckPending(true);
      return;
    }
    setSubmitting(true);
    try {
      await signIn(parsed.data);
    } catch (error) {
      setSubmitting(false);
      if (isTwoFactorRequired(error)) setAskForCode(true);
      else if (!challengeOf(error)) toast.error(errorMessage(error, "Login failed"));
    }
  }

  /** Sends the login with the solved check, if any; a solution is spent by that one attempt. */
  async function signIn(input: LoginInput) {
    const sent = altcha ?? undefined;
    setAltcha(null);
    setCheckPending(false);
    let signedIn: Awaited<ReturnType<typeof login>>;
    try {
      signedIn = await login({ ...input, ...(sent ? { altcha: sent } : {}), ...(signInToken ? { signInToken } : {}) });
    } catch (error) {
      const challenge = challengeOf(error);
      setCheck(
        challenge
          ? { challenge, reason: errorMessage(error, ""), round: (check?.round ?? 0) + 1 }
          : // The solution was spent; should the next attempt need one, the server says so with a new challenge.
            sent
            ? undefined
            : check,
      );
      throw error;
    }
    if (remember) localStorage.setItem(REMEMBERED_EMAIL_KEY, input.email);
    else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
    toast.success("Login successful!");
    if (signedIn.recoveryCodesLeft !== undefined) showRecoveryCodesLeft(signedIn.recoveryCodesLeft);
    navigate(homePath(signedIn.user));
  }

  if (askForCode) {
    return (
      <TwoFactorCodeStep
        email={values.email}
        onSubmit={(otp) => {
          if (check && !altcha) return Promise.reject(new Error(PROOF_OF_WORK_TEXTS.unsolved));
          return signIn({ ...values, otp });
        }}
        check={checkView()}
        onBack={() => {
          setAskForCode(false);
          setValues((current) => ({ ...current, password: "" }));
        }}
      />
    );
  }

  function checkView() {
    if (!check) return undefined;
    return (
      <Stack gap="3">
        <AuthAlert>{checkPending ? PROOF_OF_WORK_TEXTS.unsolved : check.reason}</AuthAlert>
        <ProofOfWorkCheck key={check.round} challenge={check.challenge} onChange={setAltcha} />
      </Stack>
    );
  }

  return (
    <form name="login" ref={formRef} onSubmit={handleSubmit}>
      <Stack gap="4">
        {endedBecause && !signInToken && (
          <AuthAlert status="info" role="status">
            {endedBecause}
          </AuthAlert>
        )}
        {signInToken && <AuthAlert status="info">{SIGN_IN_LINK_TEXTS.intro}</AuthAlert>}
        <FormField label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" value={values.email} onChange={update("email")} />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={update("password")}
          />
        </FormField>
        <HStack justify="space-between" wrap="wrap">
          <Checkbox.Root
            name="remember"
            checked={remember}
            onCheckedChange={(details) => setRemember(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Remember me</Checkbox.Label>
          </Checkbox.Root>
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to={paths.forgotPassword}>{RECOVERY_TEXTS.forgotLink}</RouterLink>
          </Link>
        </HStack>
        {checkView()}
        <Button type="submit" size="lg" loading={submitting} loadingText="Signing in">
          Sign In
        </Button>
        <Text textAlign="center" fontSize="sm">
          Don't have an account?{" "}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to={paths.register}>Sign up</RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
