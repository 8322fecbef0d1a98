import { Alert, Box, Button, Checkbox, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import {
  KYC_CONSENT_TEXT,
  KYC_ID_TYPE_LABELS,
  KYC_ID_TYPES,
  KYC_MESSAGES,
  type KycDocument,
  type KycIdType,
  type KycView,
} from "@jengafund/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/ui/form-field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import type { FieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { startKyc } from "../api/start-kyc";
import {
  checkKycDetails,
  type KycDetailsCheck,
  type KycDetailsField,
  type KycDetailsValues,
  latestDateOfBirth,
} from "../lib/kyc-details";
import { type IssuedForms, uploadTypesFor } from "../lib/kyc-documents";

export type KycDetails = Extract<KycDetailsCheck, { ok: true }>["input"];

export interface KycStarted {
  details: KycDetails;
  forms: IssuedForms;
  kyc: KycView;
}

/** The server's refusals that belong to one field, shown there as well as in the toast. */
const FIELD_OF_MESSAGE: Readonly<Record<string, KycDetailsField>> = {
  [KYC_MESSAGES.idTaken]: "idNumber",
  [KYC_MESSAGES.tooYoung]: "dateOfBirth",
  [KYC_MESSAGES.consentRequired]: "consent",
};

const ID_NUMBER_HINTS: Readonly<Record<KycIdType, string>> = {
  "national-id": "The 7 or 8 digits on the front of your ID.",
  passport: "As printed on your passport's photo page, e.g. AK1234567.",
  "alien-id": "The number on your alien ID card.",
};

interface KycDetailsFormProps {
  initialIdType?: KycIdType;
  onStarted: (started: KycStarted) => void;
}

/**
 * Step 1: the ID type and number, the KRA PIN, the date of birth and the consent. Checked with the API's own rules
 * before it is sent; POST /kyc keeps them and hands out the upload forms of step 2.
 */
export function KycDetailsForm({ initialIdType, onStarted }: KycDetailsFormProps) {
  const [values, setValues] = useState<KycDetailsValues>({
    idType: initialIdType ?? "",
    idNumber: "",
    kraPin: "",
    dateOfBirth: "",
    consent: false,
  });
  const [errors, setErrors] = useState<FieldErrors<KycDetailsField>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: async (details: KycDetails): Promise<KycStarted> => {
      const types = uploadTypesFor({});
      const { kyc, uploads } = await startKyc({ ...details, uploadTypes: types });
      return { details, kyc, forms: { uploads, types, issuedAt: Date.now() } };
    },
    onSuccess: onStarted,
    onError: (error) => {
      const message = errorMessage(error, "Failed to start your verification");
      const field =
        error instanceof ApiError && error.serverMessage ? FIELD_OF_MESSAGE[error.serverMessage] : undefined;
      if (field) setErrors({ [field]: message });
      else setRefusal(message);
      toast.error(message);
    },
  });
  const send = useOneAtATime((details: KycDetails) => start.mutateAsync(details));

  function change<K extends KycDetailsField>(field: K, value: KycDetailsValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _changed, ...rest }) => rest as FieldErrors<KycDetailsField>);
    setRefusal(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkKycDetails(values);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) send.run(checked.input);
  }

  const idType = values.idType === "" ? undefined : values.idType;
  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="kyc-step-title">
      <Stack gap="4" maxW="xl">
        <FormField label="ID type" error={errors.idType}>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="idType"
              value={values.idType}
              onChange={(event) => change("idType", event.currentTarget.value as KycIdType | "")}
              bg="bg"
            >
              <option value="">Choose your type of ID</option>
              {KYC_ID_TYPES.map((type) => (
                <option key={type} value={type}>
                  {KYC_ID_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="ID number" error={errors.idNumber} helper={idType && ID_NUMBER_HINTS[idType]}>
          <Input
            name="idNumber"
            autoComplete="off"
            inputMode={idType === "passport" ? "text" : "numeric"}
            value={values.idNumber}
            onChange={(event) => change("idNumber", event.target.value)}
          />
        </FormField>
        <FormField label="KRA PIN" error={errors.kraPin} helper="On your KRA PIN certificate, e.g. A123456789Z.">
          <Input
            name="kraPin"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="A123456789Z"
            value={values.kraPin}
            onChange={(event) => change("kraPin", event.target.value)}
          />
        </FormField>
        <FormField label="Date of birth" error={errors.dateOfBirth}>
          <Input
            name="dateOfBirth"
            type="date"
            autoComplete="bday"
            max={latestDateOfBirth()}
            value={values.dateOfBirth}
            onChange={(event) => change("dateOfBirth", event.target.value)}
          />
        </FormField>
        <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.muted">
          <Checkbox.Root
            name="consent"
            alignItems="start"
            checked={values.consent}
            invalid={errors.consent !== undefined}
            onCheckedChange={(details) => change("consent", details.checked === true)}
          >
            <Checkbox.HiddenInput aria-describedby={errors.consent ? "kyc-consent-error" : undefined} />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label fontWeight="normal">{KYC_CONSENT_TEXT}</Checkbox.Label>
          </Checkbox.Root>
          {errors.consent && (
            <Text id="kyc-consent-error" color="fg.error" fontSize="sm" mt="2">
              {errors.consent}
            </Text>
          )}
        </Box>
        {refusal && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Description>{refusal}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" alignSelf="start" loading={send.busy} loadingText="Saving" disabled={send.offline}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

/** The documents already on the store in the open attempt, as GET /kyc or POST /kyc says. */
export function uploadedDocuments(kyc: KycView | undefined): readonly KycDocument[] {
  return kyc?.uploaded ?? [];
}
