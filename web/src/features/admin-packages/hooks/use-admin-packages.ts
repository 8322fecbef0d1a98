import type { Package } from "@jengafund/shared";
import { useCallback, useEffect, useState } from "react";
import { toast } from "react-toastify";
import { getPackages } from "../api/get-packages";

/** The package list, kept in step with the admin's own creates, edits and deletes without reloading it. */
export function useAdminPackages() {
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

  const saved = useCallback((pkg: Package) => {
    setPackages((current) =>
      current.some((item) => item._id === pkg._id)
        ? current.map((item) => (item._id === pkg._id ? pkg : item))
        : [pkg, ...current],
    );
  }, []);
  const removed = useCallback((packageId: string) => {
    setPackages((current) => current.filter((item) => item._id !== packageId));
  }, []);

  return { packages, loading, saved, removed };
}
