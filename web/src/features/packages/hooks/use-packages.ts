import { toast } from "react-toastify";
import { useLoadOnMount } from "../../../lib/use-load-on-mount";
import { getPackages } from "../api/get-packages";

const toastLoadFailure = () => toast.error("Failed to load packages");

export function usePackages() {
  const { data: packages, loading } = useLoadOnMount(getPackages, [], toastLoadFailure);
  return { packages, loading };
}
