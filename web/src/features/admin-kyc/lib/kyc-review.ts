import { KYC_ID_TYPE_LABELS, type KycStatus, type KycSubmissionSummary } from "@jengafund/shared";

export const statusOptions = [
  { value: "pending", label: "Pending" },
  { value: "verified", label: "Verified" },
  { value: "rejected", label: "Rejected" },
  { value: "", label: "All verifications" },
] as const;

/** The list opens on what waits for a review. */
export const DEFAULT_STATUS = "pending";

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

export function idTypeLabel(submission: Pick<KycSubmissionSummary, "idType">): string {
  return KYC_ID_TYPE_LABELS[submission.idType];
}

/** How far another account that tried the same ID number got. */
export const OTHER_ACCOUNT_STATUS: Readonly<Record<KycStatus, string>> = {
  none: "Started, not submitted",
  pending: "Under review",
  verified: "Verified",
  rejected: "Rejected",
};

/** A pending submission of someone else: the server refuses an admin's decision on their own (403). */
export function isDecidableBy(submission: KycSubmissionSummary, adminId: string | undefined): boolean {
  return submission.status === "pending" && submission.userId !== adminId;
}

export function isOwn(submission: KycSubmissionSummary, adminId: string | undefined): boolean {
  return submission.userId === adminId;
}
