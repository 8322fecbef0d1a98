import { KEPT_SCREEN_KEY, KEPT_SCREEN_PATH } from "@jengafund/shared";
import { tokenStorage } from "./token-storage";

/**
 * Writes the kept screen (lib/kept-screen.ts). Imported only when the packages tab has fresh answers to keep, so
 * that none of it is in the code a page loads up front (docs/benchmarks.md, "Web").
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
