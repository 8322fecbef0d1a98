import { Badge, Link } from "@chakra-ui/react";
import type { KycStatus } from "@jengafund/shared";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import { useAuth } from "../../../lib/auth/use-auth";
import { KYC_STATUS_LABELS, KYC_STATUS_PALETTES, kycStatusOf } from "../lib/kyc-status";

export function KycStatusBadge({ status }: { status: KycStatus }) {
  return (
    <Badge colorPalette={KYC_STATUS_PALETTES[status]} variant="subtle" whiteSpace="nowrap">
      {KYC_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * The header's word on the account's identity, from GET /auth/me (read again on focus and every 30 s), so a
 * reviewer's decision shows without a reload. A link to Verify identity: named "Identity: Unverified" and so on.
 */
export function HeaderKycStatus() {
  const { user } = useAuth();
  if (!user) return null;
  const status = kycStatusOf(user);
  return (
    <Link asChild textDecoration="none" _hover={{ textDecoration: "none" }} borderRadius="sm">
      <RouterLink to={paths.dashboard.verifyIdentity} aria-label={`Identity: ${KYC_STATUS_LABELS[status]}`}>
        <KycStatusBadge status={status} />
      </RouterLink>
    </Link>
  );
}
