import type { Package } from "@jengafund/shared";
import { useCallback } from "react";
import { toast } from "react-toastify";
import { useLoadOnMount } from "../../../lib/use-load-on-mount";
import { getPackages } from "../api/get-packages";

const toastLoadFailure = () => toast.error("Failed to load packages");

/** The package list, kept in step with the admin's own creates, edits and deletes without reloading it. */
export function useAdminPackages() {
  const { data: packages, setData: setPackages, loading } = useLoadOnMount(getPackages, [], toastLoadFailure);

  const saved = useCallback(
    (pkg: Package) => {
      setPackages((current) =>
        current.some((item) => item._id === pkg._id)
          ? current.map((item) => (item._id === pkg._id ? pkg : item))
          : [pkg, ...current],
      );
    },
    [setPackages],
  );
  const removed = useCallback(
    (packageId: string) => {
      setPackages((current) => current.filter((item) => item._id !== packageId));
    },
    [setPackages],
  );

  return { packages, loading, saved, removed };
}
