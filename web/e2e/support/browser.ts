import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from "playwright-core";

const screenshotDir = fileURLToPath(new URL("../screenshots/", import.meta.url));

/** Headless, with the background chatter that slows or flakes a run switched off (the bench's Lighthouse uses them too). */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium with those flags, or the one CHROMIUM_PATH names (as npm test reads it): another version to try. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumFlags });
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  /** The narrowest common Android phone. */
  phone: { width: 360, height: 740 },
} as const;

export interface TrackedPage {
  page: Page;
  /** Uncaught exceptions and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A page in a fresh context (own localStorage) that records what went wrong in the browser. `contextOptions` adds to
 * the context. The site under test is a production build, whose service worker would precache the whole app in every
 * context, work no test asks for: it is blocked unless a test about the worker allows it (`serviceWorkers: "allow"`).
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  contextOptions: BrowserContextOptions = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({ serviceWorkers: "block", ...contextOptions, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
}

/**
 * `fullPage: false` for an open dialog: it is fixed to the viewport, so a full-page capture misplaces it.
 * `animations: "allow"` for a toast that has just come in, once its entrance has ended: disabling animations ends its
 * timer bar too, which closes it before the capture.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, animations = "disabled" }: { fullPage?: boolean; animations?: "disabled" | "allow" } = {},
): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // Without disabled animations a dialog or toast is caught half faded in. A full page on a machine whose cores the
  // other tests share has taken over half a minute to capture: the capture gets the test's own budget, not 30 s.
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage, animations, timeout: 90_000 });
}

/** True when the page is wider than the viewport, i.e. the user would have to scroll sideways. */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** True when a scroll box (an admin table's region) holds more than its width: its last column is cut off. */
export function scrollsSideways(box: Locator): Promise<boolean> {
  return box.evaluate((element) => element.scrollWidth > element.clientWidth);
}
