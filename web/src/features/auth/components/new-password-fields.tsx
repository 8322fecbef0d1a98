import { MESSAGES, PASSWORD_MIN_LENGTH } from "@jengafund/shared";
import { FormField } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

interface NewPasswordFieldsProps {
  values: NewPassword;
  errors: Partial<Record<keyof NewPassword, string>>;
  onChange: (field: keyof NewPassword, value: string) => void;
  passwordLabel?: string;
}

/** A new password typed twice, for sign-up and for a password reset alike. */
export function NewPasswordFields({ values, errors, onChange, passwordLabel = "Password" }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField label={passwordLabel} error={errors.password} helper={`At least ${PASSWORD_MIN_LENGTH} characters`}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => onChange("password", event.target.value)}
        />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword}>
        <PasswordInput
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => onChange("confirmPassword", event.target.value)}
        />
      </FormField>
    </>
  );
}

/**
 * The register form's password rules in its order (spec §5): the two entries must match, then be long enough. The
 * field the problem belongs to and its message, or undefined when the password may be sent.
 */
export function newPasswordProblem({
  password,
  confirmPassword,
}: NewPassword): { field: keyof NewPassword; message: string } | undefined {
  if (password !== confirmPassword) return { field: "confirmPassword", message: MESSAGES.passwordsDoNotMatch };
  if (password.length < PASSWORD_MIN_LENGTH) return { field: "password", message: MESSAGES.passwordTooShort };
  return undefined;
}
