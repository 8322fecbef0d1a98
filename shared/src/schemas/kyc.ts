/**
 * Know your customer (design.md §13.5): an account proves who it is with an ID, a KRA PIN, a date of birth and three
 * images (the ID's front and back and a selfie); an admin other than the account's owner verifies or rejects it.
 * Until then the account has the unverified limits below.
 */
import * as z from "zod/mini";
import { optionalFilter } from "./admin-queries.js";
import { emptyToUndefined } from "./blank.js";
import { decisionInputSchema } from "./decision.js";

export const KYC_STATUSES = ["none", "pending", "verified", "rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** The statuses an admin can list: a submission exists. */
export const KYC_SUBMISSION_STATUSES = ["pending", "verified", "rejected"] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

export const KYC_ID_TYPES = ["national-id", "passport", "alien-id"] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];
export const KYC_ID_TYPE_LABELS: Readonly<Record<KycIdType, string>> = {
  "national-id": "National ID",
  passport: "Passport",
  "alien-id": "Alien ID",
};

/** The three images of a submission, in the order the form asks for them. */
export const KYC_DOCUMENTS = ["idFront", "idBack", "selfie"] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];
export const KYC_DOCUMENT_LABELS: Readonly<Record<KycDocument, string>> = {
  idFront: "Front of your ID",
  idBack: "Back of your ID",
  selfie: "Selfie",
};

/** What an upload may be: the presigned POST's conditions say the same to S3. */
export const KYC_UPLOAD_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type KycUploadType = (typeof KYC_UPLOAD_TYPES)[number];
export const KYC_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** How long an upload form stays usable. */
export const KYC_UPLOAD_EXPIRY_SECONDS = 10 * 60;
/** How long an image link for the review (or the owner's download) stays usable. */
export const KYC_VIEW_EXPIRY_SECONDS = 5 * 60;
export const KYC_MIN_AGE_YEARS = 18;
/** The documents are kept this long after the account closes (the AML record rule), then expired. */
export const KYC_RETENTION_YEARS = 7;

/** An unverified account's limits; a verified one has only M-Pesa's own. */
export const UNVERIFIED_LIMITS = {
  /** Withdrawals asked for in one Nairobi day (rejected and failed ones give theirs back). */
  dailyWithdrawalKes: 10_000,
  /** Every deposit credited, STK and Paybill alike, plus STK deposits still awaiting the customer. */
  totalDepositKes: 100_000,
} as const;

export const KYC_MESSAGES = {
  withdrawalLimit: "Verify your identity to withdraw more than KES 10,000 a day",
  depositLimit: "Verify your identity to deposit more than KES 100,000",
  idTaken: "This ID is already registered to another account",
  consentRequired: "You must agree to how we keep and use your documents",
  tooYoung: "You must be at least 18 years old",
  alreadyVerified: "Your identity is already verified",
  alreadyPending: "Your documents are already being reviewed",
  notStarted: "Start your verification first",
  submitted: "Submitted — we'll review it within one working day",
  missingDocument: (document: KycDocument) => `Upload the ${KYC_DOCUMENT_LABELS[document].toLowerCase()} first`,
  notFound: "Verification not found",
  ownSubmission: "You cannot review your own verification",
  alreadyDecided: "This verification has already been decided",
  reasonRequired: "A reason is required to reject a verification",
  verified: "Identity verified",
  rejected: "Verification rejected",
} as const;

/** The consent the form shows and the account agrees to (Data Protection Act 2019: what, why, how long). */
export const KYC_CONSENT_TEXT =
  "I agree that JengaFund keeps my ID type and number, KRA PIN, date of birth, the images of my ID and my selfie " +
  "to verify my identity and to meet Kenya's anti-money-laundering rules. They are seen only by JengaFund's " +
  "reviewers, never shared for marketing, and kept for 7 years after my account closes, then deleted.";

const ID_NUMBER_RULES: Readonly<Record<KycIdType, { pattern: RegExp; message: string }>> = {
  "national-id": { pattern: /^\d{7,8}$/, message: "A national ID number has 7 or 8 digits" },
  passport: { pattern: /^[A-Z]{1,2}\d{6,8}$/, message: "A passport number is 1–2 letters then 6–8 digits" },
  "alien-id": { pattern: /^\d{6,9}$/, message: "An alien ID number has 6 to 9 digits" },
};
export const KRA_PIN_PATTERN = /^[AP]\d{9}[A-Z]$/;

const upperTrimmed = (value: unknown) =>
  typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : emptyToUndefined(value);

export const KycStartInputSchema = z
  .object({
    idType: z.enum(KYC_ID_TYPES, "Choose the type of ID"),
    idNumber: z.pipe(z.transform(upperTrimmed), z.string("ID number is required")),
    kraPin: z.pipe(
      z.transform(upperTrimmed),
      z
        .string("KRA PIN is required")
        .check(z.regex(KRA_PIN_PATTERN, "A KRA PIN is A or P, 9 digits and a letter (e.g. A123456789Z)")),
    ),
    dateOfBirth: z
      .string("Date of birth is required")
      .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth must be a date (YYYY-MM-DD)")),
    consent: z.literal(true, "You must agree to how we keep and use your documents"),
    /**
     * The content type of each file the user chose (JPEG by default): the presigned POST fixes it, so the store refuses
     * any other.
     */
    uploadTypes: z.optional(
      z.object({
        idFront: z.optional(z.enum(KYC_UPLOAD_TYPES, "Upload a JPEG, PNG or PDF")),
        idBack: z.optional(z.enum(KYC_UPLOAD_TYPES, "Upload a JPEG, PNG or PDF")),
        selfie: z.optional(z.enum(KYC_UPLOAD_TYPES, "Upload a JPEG, PNG or PDF")),
      }),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const rule = ID_NUMBER_RULES[input.idType];
      if (!rule.pattern.test(input.idNumber)) {
        ctx.issues.push({ code: "custom", message: rule.message, path: ["idNumber"], input: input.idNumber });
      }
      const [year, month, day] = input.dateOfBirth.split("-").map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1900) {
        ctx.issues.push({
          code: "custom",
          message: "Date of birth must be a real date",
          path: ["dateOfBirth"],
          input: input.dateOfBirth,
        });
      }
    }),
  );
export type KycStartInput = z.input<typeof KycStartInputSchema>;
/** The start as the server reads it: trimmed, upper-cased, checked. */
export type KycStart = z.output<typeof KycStartInputSchema>;

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) is at least 18 on `today` (YYYY-MM-DD, Nairobi). */
export function isAdultOn(dateOfBirth: string, today: string): boolean {
  const [year, rest] = [Number(dateOfBirth.slice(0, 4)), dateOfBirth.slice(4)];
  return `${year + KYC_MIN_AGE_YEARS}${rest}` <= today;
}

/** A presigned S3 POST: the form's fields go first, the file last, to `url`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}
export type KycUploads = Record<KycDocument, PresignedUpload>;

/** `GET /auth/me`'s view of the account's verification. */
export interface KycState {
  status: KycStatus;
  /** Why it was rejected. */
  reason?: string;
}

/** The account's own verification (Account → Verify identity): the numbers masked. */
export interface KycView extends KycState {
  idType?: KycIdType;
  /** e.g. `•••••678`. */
  idNumberMasked?: string;
  kraPinMasked?: string;
  submittedAt?: string;
  decidedAt?: string;
  /** The documents uploaded so far in the open attempt (before submit). */
  uploaded?: KycDocument[];
}

/** Shows the last three characters only: ID numbers and KRA PINs are masked everywhere but the review screen. */
export function maskIdentifier(value: string): string {
  return `${"•".repeat(Math.max(value.length - 3, 0))}${value.slice(-3)}`;
}

/** One submission in the admin's list (numbers masked). */
export interface KycSubmissionSummary {
  userId: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  status: KycSubmissionStatus;
  idType: KycIdType;
  idNumberMasked: string;
  submittedAt: string;
  decidedAt?: string;
  decidedBy?: { _id: string; name: string };
  reason?: string;
}

/** The review screen: the details in full beside the three images (links valid 5 minutes). */
export interface KycSubmissionDetail extends KycSubmissionSummary {
  idNumber: string;
  kraPin: string;
  dateOfBirth: string;
  email: string;
  accountCreatedAt: string;
  images: Record<KycDocument, string>;
  imagesExpireAt: string;
  /** Other accounts that tried the same ID number, and how far they got. */
  otherAccounts: { userId: string; firstName: string; lastName: string; status: KycStatus }[];
}

/** What the account can download about its verification: the details and links to its three files. */
export interface KycExport {
  idType: KycIdType;
  idNumber: string;
  kraPin: string;
  dateOfBirth: string;
  consentText: string;
  consentedAt: string;
  status: KycSubmissionStatus | "uploading";
  submittedAt?: string;
  decidedAt?: string;
  reason?: string;
  files: Partial<Record<KycDocument, string>>;
  filesExpireAt: string;
}

export const KycSubmissionsQuerySchema = z.object({
  status: optionalFilter(KYC_SUBMISSION_STATUSES, "verification status"),
});

export const DecideKycInputSchema = decisionInputSchema(["verify", "reject"], {
  choose: "Choose to verify or reject",
  reasonRequired: KYC_MESSAGES.reasonRequired,
});
export type DecideKycInput = z.input<typeof DecideKycInputSchema>;

/** `/admin/kyc/{userId}`: the account whose submission it is. */
export const KycUserPathSchema = z.object({
  userId: z.string("userId is required").check(z.regex(/^[0-9A-Za-z]{1,40}$/, KYC_MESSAGES.notFound)),
});
