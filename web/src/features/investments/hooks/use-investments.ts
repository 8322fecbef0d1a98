import type { Investment } from "@jengafund/shared";
import { useCallback, useEffect, useState } from "react";
import { toast } from "react-toastify";
import { getInvestments } from "../api/get-investments";

export function useInvestments() {
  const [investments, setInvestments] = useState<Investment[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    getInvestments()
      .then((loaded) => {
        if (!cancelled) setInvestments(loaded);
      })
      .catch(() => {
        if (!cancelled) toast.error("Failed to load investments");
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  /** Swaps in the server's copy after a claim, keeping the list's order. */
  const replace = useCallback((updated: Investment) => {
    setInvestments((current) => current.map((investment) => (investment._id === updated._id ? updated : investment)));
  }, []);

  return { investments, loading, replace };
}
