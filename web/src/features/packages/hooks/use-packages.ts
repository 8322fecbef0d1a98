import type { Package } from "@jengafund/shared";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { getPackages } from "../api/get-packages";

export function usePackages() {
  const [packages, setPackages] = useState<Package[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    getPackages()
      .then((loaded) => {
        if (!cancelled) setPackages(loaded);
      })
      .catch(() => {
        if (!cancelled) toast.error("Failed to load packages");
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return { packages, loading };
}
