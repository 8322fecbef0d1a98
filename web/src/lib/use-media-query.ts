import { useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following resizes and rotations. Read synchronously on the first render,
 * so a screen never draws its phone layout and then swaps it for the desktop one (or the other way round).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
