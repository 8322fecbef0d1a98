import { paths } from "../config/paths";

/** The token a reset link brought, once taken out of the address bar; only this page's memory holds it. */
let kept: string | undefined;

/**
 * The token in a reset link: after `#token=` (the links mailed now, whose token no server ever receives, CloudFront's
 * logs included) or in `?token=` (links mailed before that, still valid until they expire).
 */
export function resetTokenIn(search: string, hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? new URLSearchParams(search).get("token");
  return token || undefined;
}

/**
 * On the reset page, takes the link's token out of the address bar before anything else of the app loads (main.tsx
 * runs this first), so it is not in the history, a bookmark, a screenshot of the bar, or the Referer of what loads
 * next; the page reads it from memory (`keptResetToken`).
 */
export function takeResetTokenFromAddressBar(): void {
  const { pathname, search, hash } = window.location;
  if (pathname.replace(/\/+$/, "") !== paths.resetPassword) return;
  const token = resetTokenIn(search, hash);
  if (!token) return;
  kept = token;
  window.history.replaceState(window.history.state, "", pathname);
}

export function keptResetToken(): string | undefined {
  return kept;
}
