import { KEPT_SCREEN_ID, KEPT_SCREEN_KEY, KEPT_SCREEN_PATH } from "@jengafund/shared";
import { tokenStorage } from "./token-storage";

/**
 * The kept screen (shared/src/kept-screen.ts, docs/adr/0019-kept-screen-first-paint.md): the packages tab as the app
 * last drew it with fresh answers, written here, painted by the app shell's inline script on the next open, and taken
 * down here once the app's own screen is ready. It holds what the last-known data holds (lib/last-known.ts) drawn as
 * HTML, never a token, and follows it: written only for the signed-in user, forgotten with it (logout, another user,
 * a 401).
 */

interface KeptScreen {
  userId: string;
  /** When it was drawn (ms since the epoch). */
  at: number;
  html: string;
  css: string;
}

/** Parts of the screen that are not the screen itself: the toasts' container, and whatever asks to be left out. */
const NOT_KEPT = ".Toastify, [data-not-kept], script";

/** The design system's generated class names (Emotion's `css-` prefix). */
const GENERATED_CLASS = /\.(css-[\w-]+)/g;

/**
 * Keeps what #root shows now, with the page's style rules it uses: every rule that names none of the generated
 * classes (the global styles, the design tokens' variables, keyframes) and each rule that names one in the markup.
 * Only while the signed-in user is `userId`; nothing happens if the device's storage refuses it.
 */
export function keepScreen(userId: string): void {
  const root = document.getElementById("root");
  if (!root || tokenStorage.userId() !== userId || !KEPT_SCREEN_PATH.test(window.location.pathname)) return;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll(NOT_KEPT)) element.remove();
  const html = copy.innerHTML;
  const used = new Set([...html.matchAll(/css-[\w-]+/g)].map((match) => match[0]));
  const rules: string[] = [];
  for (const sheet of document.styleSheets) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of list) {
      const text = rule.cssText;
      const classes = [...text.matchAll(GENERATED_CLASS)].map((match) => match[1] ?? "");
      if (classes.length === 0 || classes.some((name) => used.has(name))) rules.push(text);
    }
  }
  const kept: KeptScreen = { userId, at: Date.now(), html, css: rules.join("") };
  try {
    localStorage.setItem(KEPT_SCREEN_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the next open draws as it did before, from the last-known data.
    localStorage.removeItem(KEPT_SCREEN_KEY);
  }
}

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
