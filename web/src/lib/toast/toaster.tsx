import { type CSSProperties, useEffect, useState, useSyncExternalStore } from "react";
import { useMediaQuery } from "../use-media-query";
import { toastContainerMounted, toastifyStore } from "./toast";

/** How many toasts show at once; more wait their turn, so a burst never stacks down the screen. */
export const VISIBLE_TOASTS = 3;

/** Chakra's `md`: from here the header's balance sits well left of a top-right toast. */
const WIDE_SCREEN = "(min-width: 48em)";

/** The gap kept between a toast and what it must not cover. */
const GAP_PX = 8;

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
 * At the top right, as spec §2 says, on screens wide enough for a toast to sit beside an open dialog's title, and
 * below the header, whose buttons and balance it would otherwise cover. On a phone a toast spans the screen: it comes
 * from the bottom edge, newest nearest to it, and above an open dialog's action row, never over its buttons
 * (design.md §12.7). Only rendered in the browser (the media query).
 */
function PlacedContainer({ ToastContainer }: { ToastContainer: typeof import("./toastify").ToastContainer }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const clearance = useClearance(wide);
  // The edge itself, not react-toastify's variable for it: on a narrow screen its own rule puts the container at the
  // very bottom whatever the variable says.
  const style: CSSProperties = wide
    ? { top: clearance + GAP_PX }
    : { bottom: `calc(env(safe-area-inset-bottom, 0px) + ${clearance + GAP_PX}px)` };
  return (
    <ToastContainer
      position={wide ? "top-right" : "bottom-center"}
      newestOnTop={wide}
      limit={VISIBLE_TOASTS}
      style={style}
    />
  );
}

/**
 * How far from its edge a toast must stay, in pixels, as the page is now: on a wide screen the header's bottom (less
 * once it has scrolled away), on a phone the height from the open dialog's action row to the screen's bottom. Read
 * again when the page changes (a dialog opens or closes, or ends an animation), scrolls or resizes, at most once a
 * frame; the container only exists once a toast has been shown.
 */
function useClearance(wide: boolean): number {
  const [clearance, setClearance] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setClearance(wide ? headerBottom() : dialogActionsHeight());
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    // A dialog is portalled into the body: its coming and going changes the body's own children, so the rest of the
    // page's changes (every render of every screen) need not be watched.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true });
    window.addEventListener("resize", schedule);
    window.addEventListener("scroll", schedule, { passive: true });
    // A dialog slides in: where its action row ends up is known once its animation has ended.
    document.addEventListener("animationend", schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("resize", schedule);
      window.removeEventListener("scroll", schedule);
      document.removeEventListener("animationend", schedule, true);
    };
  }, [wide]);
  return clearance;
}

function headerBottom(): number {
  const header = document.querySelector("header");
  return Math.max(0, Math.round(header?.getBoundingClientRect().bottom ?? 0));
}

function dialogActionsHeight(): number {
  const footers = document.querySelectorAll(".chakra-dialog__footer");
  const footer = footers[footers.length - 1];
  if (!footer) return 0;
  return Math.max(0, Math.round(window.innerHeight - footer.getBoundingClientRect().top));
}
