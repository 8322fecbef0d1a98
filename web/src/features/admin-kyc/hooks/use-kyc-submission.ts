import { KYC_VIEW_EXPIRY_SECONDS } from "@jengafund/shared";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getKycSubmission } from "../api/get-kyc-submission";

/**
 * One submission in full while its review is open. Its image links work for 5 minutes, so it is read again a minute
 * before they lapse; it is dropped from memory as soon as the review closes (gcTime 0) and, like every admin read,
 * never kept on the device (lib/last-known.ts).
 */
export function useKycSubmission(userId: string) {
  return useQuery({
    queryKey: queryKeys.admin.kycSubmission(userId),
    queryFn: () => getKycSubmission(userId),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (KYC_VIEW_EXPIRY_SECONDS - 60) * 1000,
    meta: { errorToast: "Failed to load the verification" },
  });
}
