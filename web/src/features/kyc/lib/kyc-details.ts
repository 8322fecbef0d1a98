import {
  isAdultOn,
  KYC_MESSAGES,
  KYC_MIN_AGE_YEARS,
  type KycIdType,
  type KycStartInput,
  KycStartInputSchema,
} from "@jengafund/shared";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import { nairobiDay } from "../../../lib/format";

/** Step 1 as the form holds it, before it is checked. */
export interface KycDetailsValues {
  idType: KycIdType | "";
  idNumber: string;
  kraPin: string;
  dateOfBirth: string;
  consent: boolean;
}

export type KycDetailsField = keyof KycDetailsValues;

export const emptyKycDetails: KycDetailsValues = {
  idType: "",
  idNumber: "",
  kraPin: "",
  dateOfBirth: "",
  consent: false,
};

export type KycDetailsCheck =
  | { ok: true; input: Omit<KycStartInput, "uploadTypes"> }
  | { ok: false; errors: FieldErrors<KycDetailsField> };

/**
 * The API's own rules for the details (the shared schema, and the age on Nairobi's `today`), so a mistake is shown on
 * its field before anything is sent. The input comes back as the server will read it (spaces gone, upper case).
 */
export function checkKycDetails(values: KycDetailsValues, today = nairobiDay(new Date())): KycDetailsCheck {
  const parsed = KycStartInputSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors<KycDetailsField>(parsed.error.issues) };
  if (!isAdultOn(parsed.data.dateOfBirth, today)) return { ok: false, errors: { dateOfBirth: KYC_MESSAGES.tooYoung } };
  const { uploadTypes: _none, ...input } = parsed.data;
  return { ok: true, input };
}

/** The latest date of birth the date picker offers: 18 years before Nairobi's `today`. */
export function latestDateOfBirth(today = nairobiDay(new Date())): string {
  const year = Number(today.slice(0, 4)) - KYC_MIN_AGE_YEARS;
  const rest = today.slice(4);
  // 29 February, 18 years on, may not exist: the 28th is the last day surely allowed.
  return rest === "-02-29" ? `${year}-02-28` : `${year}${rest}`;
}
