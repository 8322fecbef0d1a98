import { useEffect, useSyncExternalStore } from "react";
import { useMediaQuery } from "../use-media-query";
import { toastContainerMounted, toastifyStore } from "./toast";

/** How many toasts show at once; more wait their turn, so a burst never stacks down the screen. */
export const VISIBLE_TOASTS = 3;

/** Chakra's `md`: from here the header's balance sits well left of a top-right toast. */
const WIDE_SCREEN = "(min-width: 48em)";

/**
 * Where toasts appear. Renders react-toastify's container once the first toast has loaded it (toast.ts), and tells
 * the waiting toasts when the container is there to take them.
 */
export function Toaster() {
  const toastify = useSyncExternalStore(toastifyStore.subscribe, toastifyStore.get, () => undefined);
  // The container's own effects (its subscription to react-toastify's store) run before this parent's.
  useEffect(() => (toastify ? toastContainerMounted() : undefined), [toastify]);
  if (!toastify) return null;
  return <PlacedContainer ToastContainer={toastify.ToastContainer} />;
}

/**
 * At the top right, as spec §2 says, on screens wide enough for a toast to sit beside the header's balance and an
 * open dialog's title. On a phone a toast spans the screen, and at the top it would cover both: there toasts come
 * from the bottom edge, newest nearest to it (design.md §12.7). Only rendered in the browser (the media query).
 */
function PlacedContainer({ ToastContainer }: { ToastContainer: typeof import("./toastify").ToastContainer }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  return <ToastContainer position={wide ? "top-right" : "bottom-center"} newestOnTop={wide} limit={VISIBLE_TOASTS} />;
}
