import { Button, Checkbox, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { type LoginInput, LoginInputSchema } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { FormField } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { paths } from "../../../config/paths";
import { errorMessage, isTwoFactorRequired } from "../../../lib/api-client";
import { homePath } from "../../../lib/auth/home-path";
import { useAuth } from "../../../lib/auth/use-auth";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast";
import { RECOVERY_TEXTS } from "../lib/auth-texts";
import { TwoFactorCodeStep } from "./two-factor-code-step";

/** Remember me keeps only the email for next time; the session itself always lives in localStorage (spec §4). */
const REMEMBERED_EMAIL_KEY = "rememberedEmail";

export function LoginForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [rememberedEmail] = useState(() => localStorage.getItem(REMEMBERED_EMAIL_KEY));
  const [values, setValues] = useState<LoginInput>({ email: rememberedEmail ?? "", password: "" });
  const [remember, setRemember] = useState(rememberedEmail !== null);
  const [errors, setErrors] = useState<FieldErrors<keyof LoginInput>>({});
  const [submitting, setSubmitting] = useState(false);
  /** Set once the password was right for an account with two-factor sign-in: the form then asks for the code. */
  const [askForCode, setAskForCode] = useState(false);

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
    setSubmitting(true);
    try {
      await signIn(parsed.data);
    } catch (error) {
      setSubmitting(false);
      if (isTwoFactorRequired(error)) setAskForCode(true);
      else toast.error(errorMessage(error, "Login failed"));
    }
  }

  async function signIn(input: LoginInput) {
    const user = await login(input);
    if (remember) localStorage.setItem(REMEMBERED_EMAIL_KEY, input.email);
    else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
    toast.success("Login successful!");
    navigate(homePath(user));
  }

  if (askForCode) {
    return (
      <TwoFactorCodeStep
        email={values.email}
        onSubmit={(otp) => signIn({ ...values, otp })}
        onBack={() => {
          setAskForCode(false);
          setValues((current) => ({ ...current, password: "" }));
        }}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="4">
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
          <Checkbox.Root checked={remember} onCheckedChange={(details) => setRemember(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Remember me</Checkbox.Label>
          </Checkbox.Root>
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to={paths.forgotPassword}>{RECOVERY_TEXTS.forgotLink}</RouterLink>
          </Link>
        </HStack>
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
