import type { Referral } from "@jengafund/shared";
import { useEffect, useState } from "react";
import { getReferrals } from "../api/get-referrals";

export function useReferrals() {
  const [referrals, setReferrals] = useState<Referral[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    getReferrals()
      .then((loaded) => {
        if (!cancelled) setReferrals(loaded);
      })
      // Spec §8: a failed referral load is logged only; the code and link above still work without the list.
      .catch((error: unknown) => console.error("Failed to load referrals", error))
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return { referrals, loading };
}
