import { createHash, randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "@jengafund/shared";

/** RECOVERY_CODE_PATTERN's alphabet: letters and digits without look-alikes (no i, l, o, 0, 1). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 10;

/**
 * Ten one-time recovery codes (design.md §12.2), each 10 characters drawn uniformly with the system's CSPRNG (about
 * 49 bits), shown as `xxxxx-xxxxx`.
 */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * What is kept of a code: SHA-256 of the account and the normalised code (lower case, no hyphen or spaces; the route's
 * schema has normalised what is typed). The account in it means the same code hashes differently on each account, so
 * a leaked table gives no list to test guesses against all accounts at once.
 */
export function recoveryCodeHash(userId: string, code: string): string {
  const normalised = code.replace(/[\s-]+/g, "").toLowerCase();
  return createHash("sha256").update(`${userId}:${normalised}`).digest("base64url");
}
