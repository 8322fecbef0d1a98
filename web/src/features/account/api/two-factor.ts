import type { TwoFactorSetup, User } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** A new secret for the authenticator app; it takes effect only once a code from the app confirms it. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiCall("start-two-factor-setup");
}

/** A wrong or used code fails with ApiError 400 and the server's reason. */
export async function enableTwoFactor(code: string): Promise<User> {
  return (await apiCall("enable-two-factor", { body: { code } })).user;
}

export async function disableTwoFactor(code: string): Promise<User> {
  return (await apiCall("disable-two-factor", { body: { code } })).user;
}
