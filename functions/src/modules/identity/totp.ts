/**
 * Two-factor codes (RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps, what every authenticator app speaks), through
 * otplib's functional API. A code is checked for its own step and one step either side, for clocks a little apart.
 */
import { generate, generateSecret, generateURI, verify } from "otplib";

export const TOTP_ISSUER = "JengaFund";
export const TOTP_PERIOD_SECONDS = 30;

export interface TotpCodes {
  /** A new random secret (20 bytes, Base32), for the user's authenticator app. */
  newSecret(): string;
  /** The otpauth:// URL an authenticator app reads from a QR code. */
  uri(secret: string, accountName: string): string;
  /** The time step the code belongs to when it is right at `now`, else null. */
  verify(secret: string, code: string, now: Date): Promise<number | null>;
}

export const totpCodes: TotpCodes = {
  newSecret: () => generateSecret(),
  uri: (secret, accountName) => generateURI({ issuer: TOTP_ISSUER, label: accountName, secret }),
  async verify(secret, code, now) {
    try {
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(now.getTime() / 1000),
        epochTolerance: TOTP_PERIOD_SECONDS,
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
