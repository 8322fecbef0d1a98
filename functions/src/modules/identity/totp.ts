/**
 * Two-factor codes (RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps, what every authenticator app speaks), through
 * otplib's functional API. A login takes the code of the current step only; a signed-in caller's code (the step-up,
 * two-factor changes) may also be of the step just before or after, for clocks a little apart (design.md §12.2).
 */
import { generate, generateSecret, generateURI, verify } from "otplib";

export const TOTP_ISSUER = "JengaFund";
export const TOTP_PERIOD_SECONDS = 30;

/** Which steps a code may be of: the current one only (a login), or one either side too (signed-in actions). */
export type TotpWindow = "current" | "adjacent";

export interface TotpCodes {
  /** A new random secret (20 bytes, Base32), for the user's authenticator app. */
  newSecret(): string;
  /** The otpauth:// URL an authenticator app reads from a QR code. */
  uri(secret: string, accountName: string): string;
  /**
   * The time step the code belongs to when it is right at `now`, else null. `window`: "current", the step of `now`
   * only; "adjacent", one step either side too.
   */
  verify(secret: string, code: string, now: Date, window: TotpWindow): Promise<number | null>;
}

export const totpCodes: TotpCodes = {
  newSecret: () => generateSecret(),
  uri: (secret, accountName) => generateURI({ issuer: TOTP_ISSUER, label: accountName, secret }),
  async verify(secret, code, now, window) {
    try {
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(now.getTime() / 1000),
        epochTolerance: window === "adjacent" ? TOTP_PERIOD_SECONDS : 0,
      });
      return result.valid && "timeStep" in result ? result.timeStep : null;
    } catch {
      // A malformed secret or code is a wrong code, never a 500.
      return null;
    }
  },
};

/** The code an authenticator app shows at `at` (tests, and the dev tooling that signs in as a 2FA user). */
export const totpCodeAt = (secret: string, at: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
