/** The session token lives in localStorage under `token` (spec §4). */
const TOKEN_KEY = "token";

export const tokenStorage = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string): void => localStorage.setItem(TOKEN_KEY, token),
  clear: (): void => localStorage.removeItem(TOKEN_KEY),
  /**
   * The signed-in user's id, read from the stored token's payload (`sub`) without checking its signature: it only
   * picks whose last-known data this device may show (lib/last-known.ts), never what the server allows. Null with no
   * token or one that cannot be read.
   */
  userId: (): string | null => subjectOf(localStorage.getItem(TOKEN_KEY)),
};

function subjectOf(token: string | null): string | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")));
    if (typeof claims !== "object" || claims === null) return null;
    const { sub } = claims as { sub?: unknown };
    return typeof sub === "string" && sub !== "" ? sub : null;
  } catch {
    return null;
  }
}
