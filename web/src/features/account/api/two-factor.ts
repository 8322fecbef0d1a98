import type { ConfirmTwoFactorInput, EnableTwoFactorInput, TwoFactorSetup, User } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** A new secret for the authenticator app; it takes effect only once a code from the app confirms it. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiCall("start-two-factor-setup");
}

/**
 * Turns it on with the password and a code from the app (design.md §12.2). The answer's recovery codes are shown this
 * once. A wrong password or code fails with ApiError 400, too many wrong codes with 429, each with the server's reason.
 */
export async function enableTwoFactor(input: EnableTwoFactorInput): Promise<{ user: User; recoveryCodes: string[] }> {
  const { user, recoveryCodes } = await apiCall("enable-two-factor", { body: input });
  return { user, recoveryCodes };
}

/** Turns it off with the password and a code, or one of the recovery codes. */
export async function disableTwoFactor(input: ConfirmTwoFactorInput): Promise<User> {
  return (await apiCall("disable-two-factor", { body: input })).user;
}

/** Ten new recovery codes (shown this once); the old ones stop working. */
export async function regenerateRecoveryCodes(input: ConfirmTwoFactorInput): Promise<string[]> {
  return (await apiCall("regenerate-recovery-codes", { body: input })).recoveryCodes;
}
