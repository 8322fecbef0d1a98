/** Users with two-factor sign-in, made over the local API as the web app makes them (design.md §11, §12.2). */
import type { AuthResponse, LoginAnswer as SignedIn, TwoFactorSetup, User } from "@jengafund/shared";
import { expect } from "vitest";
import { api } from "./local-api.js";
import { codeFor } from "./step-up.js";
import { registerUser } from "./users.js";

export type LoginAnswer = SignedIn & { message: string; twoFactorRequired?: true };

export const login = (body: { email: string; password: string; otp?: string }, headers: Record<string, string> = {}) =>
  api<LoginAnswer>("POST", "/auth/login", { body, headers });

export interface TwoFactorUser extends AuthResponse {
  input: { email: string; password: string };
  secret: string;
  recoveryCodes: string[];
}

/** A new user who set up two-factor sign-in and turned it on with the code of `step - 1` and the password. */
export async function userWithTwoFactor(step: number): Promise<TwoFactorUser> {
  const registered = await registerUser();
  const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: registered.token });
  expect(setup.status).toBe(200);
  const enabled = await api<{ message: string; user: User; recoveryCodes: string[] }>("POST", "/auth/2fa/enable", {
    token: registered.token,
    body: { code: await codeFor(setup.body.secret, step - 1), password: registered.input.password },
  });
  expect(enabled.status).toBe(200);
  return {
    ...registered,
    input: { email: registered.input.email, password: registered.input.password },
    user: enabled.body.user,
    secret: setup.body.secret,
    recoveryCodes: enabled.body.recoveryCodes,
  };
}
