import { Button, Stack } from "@chakra-ui/react";
import { ResetPasswordInputSchema, SECURITY_MESSAGES } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast";
import { resetPassword } from "../api/reset-password";
import { RECOVERY_TEXTS } from "../lib/auth-texts";
import { AuthAlert } from "./auth-alert";
import { type NewPassword, NewPasswordFields, newPasswordProblem } from "./new-password-fields";
import { BackToSignIn } from "./sign-in-link";

/**
 * Step two of account recovery (design.md §11): the emailed link's token and a new password with the register form's
 * rules. The server ends every session of the account, so success leads to /login with the server's message.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<NewPassword>({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors<keyof NewPassword>>({});
  /** The link itself is refused (used, expired, replaced): a new password cannot help, a new link can. */
  const [linkRefusal, setLinkRefusal] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  if (!token) return <LinkProblem message={RECOVERY_TEXTS.missingToken} />;
  if (linkRefusal) return <LinkProblem message={linkRefusal} />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(values);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    const parsed = ResetPasswordInputSchema.safeParse({ token, password: values.password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(undefined);
    setSaving(true);
    try {
      const { message } = await resetPassword(parsed.data);
      toast.success(message || RECOVERY_TEXTS.passwordChanged);
      navigate(paths.login, { replace: true });
    } catch (error) {
      setSaving(false);
      // A common password is refused with the link still good: the user picks another (design.md §12.2).
      if (error instanceof ApiError && error.serverMessage === SECURITY_MESSAGES.passwordTooCommon)
        setErrors({ password: error.serverMessage });
      else if (error instanceof ApiError && error.status === 400)
        setLinkRefusal(errorMessage(error, RECOVERY_TEXTS.missingToken));
      else setFailure(errorMessage(error, RECOVERY_TEXTS.resetFailed));
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="4">
        {failure && <AuthAlert>{failure}</AuthAlert>}
        <NewPasswordFields
          values={values}
          errors={errors}
          passwordLabel={RECOVERY_TEXTS.newPassword}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        <Button type="submit" size="lg" loading={saving} loadingText={RECOVERY_TEXTS.saving}>
          {RECOVERY_TEXTS.savePassword}
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <Stack gap="4">
      <AuthAlert>{message}</AuthAlert>
      <Button asChild size="lg">
        <RouterLink to={paths.forgotPassword}>{RECOVERY_TEXTS.requestNewLink}</RouterLink>
      </Button>
      <BackToSignIn />
    </Stack>
  );
}
