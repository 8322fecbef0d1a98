import { whenNoMutations } from "../lib/mutation-activity";

/**
 * A tab opened before a deploy asks for the chunks of its own release, which the new one no longer has: a screen then
 * cannot load (app/lazy-screen.tsx). Such a tab reloads itself once, onto the new release, at a moment when nothing
 * is lost by it: no action running (a purchase, a withdrawal), no dialog open. A screen that fails for another reason
 * (no network) keeps its message and Retry.
 */

/** When this tab last reloaded itself for a new release (sessionStorage outlives the reload, never the tab). */
const RELOADED_AT_KEY = "jengafund:reloaded-for-release";
/** A release that still fails after its reload does not reload again before this long: no reload loop. */
const RELOAD_AGAIN_AFTER_MS = 10 * 60 * 1000;
/** How often an open dialog is looked at again while a reload waits for it to close. */
const DIALOG_POLL_MS = 1000;

let pending: Promise<void> | undefined;

/** Reloads the tab once, at a safe moment, when the site now serves another release than the one this tab runs. */
export function reloadIfNewRelease(): Promise<void> {
  pending ??= (async () => {
    if (reloadedRecently() || !(await isNewRelease())) return;
    await safeMoment();
    if (reloadedRecently()) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  })()
    .catch(() => undefined)
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

function reloadedRecently(): boolean {
  const at = Number(sessionStorage.getItem(RELOADED_AT_KEY));
  return Number.isFinite(at) && at > 0 && Date.now() - at < RELOAD_AGAIN_AFTER_MS;
}

/**
 * Whether the app shell the site serves now starts another entry script than this page's. The query string keeps the
 * service worker's precache (which holds this tab's release) out of the answer.
 */
async function isNewRelease(): Promise<boolean> {
  const current = document.querySelector('script[type="module"][src^="/assets/"]')?.getAttribute("src") ?? undefined;
  if (current === undefined) return false;
  const response = await fetch(`/app.html?release-check=${Date.now()}`, { cache: "no-store" });
  if (!response.ok) return false;
  const served = entryScriptOf(await response.text());
  return served !== undefined && served !== current;
}

/** The built entry script (e.g. /assets/index-abc123.js) a page's HTML starts. */
function entryScriptOf(html: string): string | undefined {
  return /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
}

/** Resolves when no action is running and no dialog is open. */
async function safeMoment(): Promise<void> {
  for (;;) {
    await whenNoMutations();
    if (document.querySelector('[role="dialog"], [role="alertdialog"]') === null) return;
    await new Promise((resolve) => setTimeout(resolve, DIALOG_POLL_MS));
  }
}
