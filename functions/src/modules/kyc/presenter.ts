/** Verifications as the API answers them: the numbers masked everywhere but the review screen and the owner's download. */
import {
  type KycDocument,
  type KycExport,
  type KycStatus,
  type KycSubmissionDetail,
  type KycSubmissionSummary,
  type KycView,
  maskIdentifier,
} from "@jengafund/shared";
import type { UserRecord } from "../../kernel/records.js";
import type { VerificationRecord } from "./port.js";

/** The account's own view: its state (from the user item) and, when it has one, its attempt's masked details. */
export function presentKycView(
  user: UserRecord,
  record: VerificationRecord | null,
  uploaded?: readonly KycDocument[],
): KycView {
  const state = user.kyc ?? { status: "none" as const };
  if (!record) return state;
  return {
    ...state,
    idType: record.idType,
    idNumberMasked: maskIdentifier(record.idNumber),
    kraPinMasked: maskIdentifier(record.kraPin),
    ...(record.submittedAt && record.status !== "uploading" ? { submittedAt: record.submittedAt } : {}),
    ...(record.decidedAt && record.status !== "uploading" ? { decidedAt: record.decidedAt } : {}),
    ...(uploaded ? { uploaded: [...uploaded] } : {}),
  };
}

export function presentSubmission(record: VerificationRecord, account: UserRecord): KycSubmissionSummary {
  return {
    userId: record.userId,
    firstName: account.firstName,
    lastName: account.lastName,
    phoneNumber: account.phoneNumber,
    status: record.status === "uploading" ? "pending" : record.status,
    idType: record.idType,
    idNumberMasked: maskIdentifier(record.idNumber),
    submittedAt: record.submittedAt ?? record.startedAt,
    ...(record.decidedAt ? { decidedAt: record.decidedAt } : {}),
    ...(record.decidedBy
      ? { decidedBy: { _id: record.decidedBy.id, name: `${record.decidedBy.firstName} ${record.decidedBy.lastName}` } }
      : {}),
    ...(record.reason ? { reason: record.reason } : {}),
  };
}

export function presentSubmissionDetail(detail: {
  record: VerificationRecord;
  account: UserRecord;
  images: Record<KycDocument, string>;
  imagesExpireAt: string;
  others: { account: UserRecord; status: KycStatus }[];
}): KycSubmissionDetail {
  const { record, account } = detail;
  return {
    ...presentSubmission(record, account),
    idNumber: record.idNumber,
    kraPin: record.kraPin,
    dateOfBirth: record.dateOfBirth,
    email: account.email,
    accountCreatedAt: account.createdAt,
    images: detail.images,
    imagesExpireAt: detail.imagesExpireAt,
    otherAccounts: detail.others.map(({ account: other, status }) => ({
      userId: other.id,
      firstName: other.firstName,
      lastName: other.lastName,
      status,
    })),
  };
}

export function presentKycExport(exported: {
  record: VerificationRecord;
  files: Partial<Record<KycDocument, string>>;
  filesExpireAt: string;
}): KycExport {
  const { record } = exported;
  return {
    idType: record.idType,
    idNumber: record.idNumber,
    kraPin: record.kraPin,
    dateOfBirth: record.dateOfBirth,
    consentText: record.consentText,
    consentedAt: record.consentedAt,
    status: record.status,
    ...(record.submittedAt ? { submittedAt: record.submittedAt } : {}),
    ...(record.decidedAt ? { decidedAt: record.decidedAt } : {}),
    ...(record.reason ? { reason: record.reason } : {}),
    files: exported.files,
    filesExpireAt: exported.filesExpireAt,
  };
}
