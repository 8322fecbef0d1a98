/**
 * This browser's own random id (design.md §12.2), sent as `X-Device-Id` with every API call so that the server can
 * tell a sign-in from a new browser and tell the owner. Created once and kept in localStorage; logging out does not
 * clear it, since it names the browser, not the session.
 */
const DEVICE_ID_KEY = "deviceId";

export const DEVICE_ID_HEADER = "X-Device-Id";

/** Kept for this page's life when storage is refused (a private window may block it), so calls still carry one. */
let unstoredId: string | undefined;

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const created = newId();
    localStorage.setItem(DEVICE_ID_KEY, created);
    return created;
  } catch {
    unstoredId ??= newId();
    return unstoredId;
  }
}

/** randomUUID exists only on secure origins (https, localhost); a LAN address over http gets the same shape by hand. */
function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
