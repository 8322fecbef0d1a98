import { randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * ULID: 48-bit millisecond time + 80 random bits, Crockford base32. Lexicographic order follows creation time,
 * which the table relies on for newest-first listings.
 */
export function ulid(now: number = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = "";
  for (let i = 0; i < 16; i++) random += CROCKFORD[(bytes[i] ?? 0) % 32];
  return time + random;
}

/** The smallest ULID of a millisecond: every id made at or after `at` sorts at or after it. */
export function ulidFloor(at: Date): string {
  return ulid(at.getTime()).slice(0, 10) + "0".repeat(16);
}

export type IdGenerator = () => string;

/** Referral codes: 8 unambiguous characters (no 0/O, 1/I/L). */
const REFERRAL_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function referralCode(): string {
  const bytes = randomBytes(8);
  let code = "";
  for (const byte of bytes) code += REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length];
  return code;
}
