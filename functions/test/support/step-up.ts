/**
 * Admins with two-factor sign-in, made over the local API and signed in with a code some minutes ago: the clock
 * (Date alone; timers run as usual) is set back for their setup and login, so the session carries a code exactly that
 * old, as if the admin had signed in then and worked on since.
 */
import type { AuthResponse, RegisterInput, TwoFactorSetup } from "@jengafund/shared";
import { vi } from "vitest";
import { keys } from "../../src/kernel/dynamo/keys.js";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../../src/modules/identity/totp.js";
import { setAttributes } from "./db.js";
import { api } from "./local-api.js";
import { newRegistration } from "./users.js";

const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

/** The code an authenticator app shows in time step `step`. */
export const codeFor = (secret: string, step: number) => totpCodeAt(secret, new Date(step * PERIOD_MS + 1000));

/**
 * The time step now, once at least 10 s of it remain: a test's codes are made for it, and every request of the test
 * is then answered within the same step, so none of its codes falls out of the server's window.
 */
export async function freshStep(): Promise<number> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return Math.floor(Date.now() / PERIOD_MS);
}

/**
 * The code of the time step now, once at least 10 s of it remain: what a login takes (the current step only), for a
 * login some while after the test's first step.
 */
export const currentCode = async (secret: string) => codeFor(secret, await freshStep());

/** A code that is none of the right ones around `step` (a step-up accepts one step either side). */
export async function wrongCodeFor(secret: string, step: number): Promise<string> {
  const right = new Set(await Promise.all([step - 1, step, step + 1].map((s) => codeFor(secret, s))));
  return ["123456", "654321", "111111"].find((code) => !right.has(code)) ?? "222222";
}

/** The claims a session token carries (its payload, read without checking it: the server did). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
}

export interface TwoFactorAdmin extends AuthResponse {
  input: RegisterInput;
  secret: string;
}

/**
 * An admin who turned on two-factor sign-in and then signed in with a code `minutesAgo` minutes ago. The next code
 * the admin may use is any of a later time step; the login's own code is used up.
 */
export async function adminSignedInWithCode(minutesAgo: number): Promise<TwoFactorAdmin> {
  const loginStep = Math.floor((Date.now() - minutesAgo * 60_000) / PERIOD_MS);
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    // 5 s into the step, the clock standing still: every code below is well inside its step.
    vi.setSystemTime(loginStep * PERIOD_MS + 5_000);
    const input = newRegistration();
    const registered = await api<AuthResponse>("POST", "/auth/register", { body: input });
    const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: registered.body.token });
    const { secret } = setup.body;
    const enabled = await api("POST", "/auth/2fa/enable", {
      token: registered.body.token,
      body: { code: await codeFor(secret, loginStep - 1), password: input.password },
    });
    if (enabled.status !== 200) throw new Error(`two-factor sign-in did not turn on: ${JSON.stringify(enabled)}`);
    // Made an admin as an operator does, then signed in with the code of the login's step.
    await setAttributes(keys.user(registered.body.user._id), { role: "admin" });
    const login = await api<AuthResponse>("POST", "/auth/login", {
      body: { email: input.email, password: input.password, otp: await codeFor(secret, loginStep) },
    });
    if (login.body.user?.role !== "admin") throw new Error(`the admin could not sign in: ${JSON.stringify(login)}`);
    return { ...login.body, input, secret };
  } finally {
    vi.useRealTimers();
  }
}
