import type { Investment } from "@jengafund/shared";
import { useCallback } from "react";
import { toast } from "react-toastify";
import { useLoadOnMount } from "../../../lib/use-load-on-mount";
import { getInvestments } from "../api/get-investments";

const toastLoadFailure = () => toast.error("Failed to load investments");

export function useInvestments() {
  const { data: investments, setData: setInvestments, loading } = useLoadOnMount(getInvestments, [], toastLoadFailure);

  /** Swaps in the server's copy after a claim, keeping the list's order. */
  const replace = useCallback(
    (updated: Investment) => {
      setInvestments((current) => current.map((investment) => (investment._id === updated._id ? updated : investment)));
    },
    [setInvestments],
  );

  return { investments, loading, replace };
}
