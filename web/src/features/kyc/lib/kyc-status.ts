import type { KycStatus } from "@jengafund/shared";

/** How the header and Account name each verification status. */
export const KYC_STATUS_LABELS: Readonly<Record<KycStatus, string>> = {
  none: "Unverified",
  pending: "Under review",
  verified: "Verified",
  rejected: "Rejected",
};

export const KYC_STATUS_PALETTES: Readonly<Record<KycStatus, string>> = {
  none: "gray",
  pending: "orange",
  verified: "green",
  rejected: "red",
};

/** A user read before the account carried a verification (an older answer) counts as not verified. */
export function kycStatusOf(user: { kyc?: { status: KycStatus } }): KycStatus {
  return user.kyc?.status ?? "none";
}
