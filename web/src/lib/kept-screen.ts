import { KEPT_SCREEN_ID, KEPT_SCREEN_KEY } from "@jengafund/shared";

/**
 * The kept screen (shared/src/kept-screen.ts, docs/adr/0019-kept-screen-first-paint.md): the packages tab as the app
 * last drew it with fresh answers, written by lib/keep-screen.ts, painted by the app shell's inline script on the next
 * open, and taken down here once the app's own screen is ready. It holds what the last-known data holds
 * (lib/last-known.ts) drawn as HTML, never a token, and follows it: written only for the signed-in user, forgotten
 * with it (logout, another user, a 401).
 */

/** Whether the shell painted the kept screen and it is still up. */
export function keptScreenShown(): boolean {
  return document.getElementById(KEPT_SCREEN_ID) !== null;
}

/**
 * Takes the kept screen down and shows the app's root in its place, in one frame. With `waitForImages`, first lets
 * the root's images that are in view decode (at most half a second), so the banners do not blink.
 */
export async function releaseKeptScreen({ waitForImages = false } = {}): Promise<void> {
  const kept = document.getElementById(KEPT_SCREEN_ID);
  const root = document.getElementById("root");
  if (!kept) return;
  if (waitForImages && root) {
    const inView = [...root.querySelectorAll("img")].filter((image) => image.getBoundingClientRect().top < innerHeight);
    await Promise.race([
      Promise.allSettled(inView.map((image) => image.decode())),
      new Promise((resolve) => setTimeout(resolve, 500)),
    ]);
  }
  kept.remove();
  if (root) root.style.visibility = "";
}

/** Forgets the kept screen and takes it down if it is up (logout, another user's sign-in, a 401). */
export function forgetKeptScreen(): void {
  localStorage.removeItem(KEPT_SCREEN_KEY);
  void releaseKeptScreen();
}
