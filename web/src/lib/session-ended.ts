/**
 * Why the last session ended, kept for the login page a 401 sends the browser to (a full page load): "signed out after
 * 30 minutes without activity" for an admin, "your session has expired" otherwise, as the server said it. Kept in
 * sessionStorage, so only this tab's next login page says it, and only until it is shown.
 */
const KEY = "sessionEnded";

export const sessionEnded = {
  note(message: string): void {
    try {
      sessionStorage.setItem(KEY, message);
    } catch {
      // Storage refused (private mode, full): the login page then shows no reason, as before.
    }
  },
  /** The reason noted, if any (read during render; `clear` once it is shown). */
  peek(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
