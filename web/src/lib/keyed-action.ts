/**
 * One Idempotency-Key per user action (design.md §11). The same action sent again (a retry after an error or a lost
 * answer, a double tap) carries the same key, so the server does it once and answers the repeat the same; once it
 * succeeds, the next action gets a fresh key. An action with other arguments is another action.
 */
export function keyedAction<A extends unknown[], R>(
  send: (idempotencyKey: string, ...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  let open: { action: string; key: string } | undefined;
  return async (...args: A) => {
    const action = JSON.stringify(args);
    if (open?.action !== action) open = { action, key: newKey() };
    const result = await send(open.key, ...args);
    if (open?.action === action) open = undefined;
    return result;
  };
}

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; 16 random bytes in hex are as good a key.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
