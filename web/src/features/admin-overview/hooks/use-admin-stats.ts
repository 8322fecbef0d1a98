import { useEffect, useState } from "react";
import { type AdminStats, getAdminStats } from "../api/get-admin-stats";

/** The stats, or null while loading or after a failure, which spec §8 only logs. */
export function useAdminStats() {
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    getAdminStats()
      .then((loaded) => {
        if (!cancelled) setStats(loaded);
      })
      .catch((error: unknown) => console.error("Failed to load admin stats", error))
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return { stats, loading };
}
