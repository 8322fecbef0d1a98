import { useSearchParams } from "react-router-dom";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { BlockPayoutNumber } from "../../features/payout-number-block/components/block-payout-number";
import { BLOCK_TEXTS } from "../../features/payout-number-block/lib/block-texts";

/** Opened from a new payout number's notice (design.md §13.2), signed in or not: a public page like the reset's. */
export function BlockPayoutNumberRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title={BLOCK_TEXTS.title} subtitle={BLOCK_TEXTS.subtitle}>
      <BlockPayoutNumber token={searchParams.get("token")} />
    </AuthLayout>
  );
}
