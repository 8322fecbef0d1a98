import { useEffect, useSyncExternalStore } from "react";
import { toastContainerMounted, toastifyStore } from "./toast";

/**
 * Where toasts appear, at the top right with the newest first. Renders react-toastify's container once the first
 * toast has loaded it (toast.ts), and tells the waiting toasts when the container is there to take them.
 */
export function Toaster() {
  const toastify = useSyncExternalStore(toastifyStore.subscribe, toastifyStore.get, () => undefined);
  // The container's own effects (its subscription to react-toastify's store) run before this parent's.
  useEffect(() => (toastify ? toastContainerMounted() : undefined), [toastify]);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return <ToastContainer position="top-right" newestOnTop />;
}
