import { Alert, Button, Checkbox, Input, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { formatKes, MESSAGES, type RegisterInput, RegisterInputSchema } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { FormField } from "../../../components/ui/form-field";
import { RiskDisclosure } from "../../../components/ui/risk-disclosure";
import { marketing } from "../../../config/marketing";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import { PHONE_FORMATS } from "../../../lib/phone-formats";
import { usePrerenderedForm } from "../../../lib/pre-app-forms";
import { toast } from "../../../lib/toast/toast";
import { type ReferralCodeStatus, useReferralCodeCheck } from "../api/use-referral-code-check";
import { NewPasswordFields, newPasswordProblem } from "./new-password-fields";

type RegisterValues = Required<RegisterInput> & { confirmPassword: string };
type FieldName = keyof RegisterValues;

/** The quiet line under the referral code while it is being checked, or when it could not be checked. */
const REFERRAL_HELPER: Record<ReferralCodeStatus, string | undefined> = {
  none: undefined,
  checking: "Checking code…",
  valid: undefined,
  invalid: undefined,
  unchecked: "The code could not be checked just now; it will be checked when you create your account.",
};

export function RegisterForm() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<RegisterValues>({
    firstName: "",
    lastName: "",
    email: "",
    phoneNumber: "",
    password: "",
    confirmPassword: "",
    referralCode: searchParams.get("ref") ?? "",
  });
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [submitting, setSubmitting] = useState(false);
  const referral = useReferralCodeCheck(values.referralCode);
  /** The page is pre-rendered: what was typed, and a tap on Create Account, before the app took over. */
  const formRef = usePrerenderedForm("register", (typed) => {
    setValues((current) => ({ ...current, ...typed.values }));
    if (typed.checked.acceptTerms !== undefined) setAcceptedTerms(typed.checked.acceptTerms);
  });

  const update = (field: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (referral === "invalid") return;
    // These two checks come first and as toasts, with the exact texts of spec §5.
    const passwordProblem = newPasswordProblem(values);
    if (passwordProblem) {
      toast.error(passwordProblem.message);
      return;
    }
    const { confirmPassword: _, ...input } = values;
    const parsed = RegisterInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await register(parsed.data);
      toast.success("Registration successful! Welcome to JengaFund!");
      navigate(paths.dashboard.root);
    } catch (error) {
      toast.error(errorMessage(error, "Registration failed"));
      setSubmitting(false);
    }
  }

  return (
    <form name="register" ref={formRef} onSubmit={handleSubmit}>
      <Stack gap="4">
        <Alert.Root status="success" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Welcome bonus: {formatKes(marketing.trialBalanceKes)} trial balance</Alert.Title>
            <Alert.Description>
              Try packages with demo money as soon as you sign up. Trial money cannot be withdrawn.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="First Name" error={errors.firstName}>
            <Input name="firstName" autoComplete="given-name" value={values.firstName} onChange={update("firstName")} />
          </FormField>
          <FormField label="Last Name" error={errors.lastName}>
            <Input name="lastName" autoComplete="family-name" value={values.lastName} onChange={update("lastName")} />
          </FormField>
        </SimpleGrid>
        <FormField label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" value={values.email} onChange={update("email")} />
        </FormField>
        <FormField label="Phone Number" error={errors.phoneNumber} helper={`Your M-Pesa number, e.g. ${PHONE_FORMATS}`}>
          <Input
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            placeholder="0712345678"
            value={values.phoneNumber}
            onChange={update("phoneNumber")}
          />
        </FormField>
        <NewPasswordFields
          values={values}
          errors={errors}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        <FormField
          label="Referral Code"
          error={errors.referralCode ?? (referral === "invalid" ? MESSAGES.invalidReferralCode : undefined)}
          helper={REFERRAL_HELPER[referral]}
          required={false}
        >
          <Input
            name="referralCode"
            autoCapitalize="characters"
            value={values.referralCode}
            onChange={update("referralCode")}
          />
        </FormField>
        {referral === "valid" && (
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Description>
              Referral code applied: the friend who invited you earns a {formatKes(marketing.referralBonusKes)} bonus
              when you make your first investment with deposited money (trial money does not count).
            </Alert.Description>
          </Alert.Root>
        )}
        <Checkbox.Root
          name="acceptTerms"
          required
          checked={acceptedTerms}
          onCheckedChange={(details) => setAcceptedTerms(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            I agree to the {/* A new tab, so what was typed here stays; a click on the link does not tick the box. */}
            <Link href={paths.terms} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
              Terms of Service
            </Link>{" "}
            and understand that investing carries risk
          </Checkbox.Label>
        </Checkbox.Root>
        <RiskDisclosure />
        <Button
          type="submit"
          size="lg"
          loading={submitting}
          loadingText="Creating account"
          disabled={referral === "invalid"}
        >
          Create Account
        </Button>
        <Text textAlign="center" fontSize="sm">
          Already have an account?{" "}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to={paths.login}>Sign in</RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
