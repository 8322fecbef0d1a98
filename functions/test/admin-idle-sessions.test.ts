/**
 * Admin sessions end after 30 minutes without a request and 8 hours in all (design.md §12.2), over HTTP through the
 * local API: the admin's entry in the session map holds the end of the idle window, which each request moves on (at
 * most once a minute); the token's expiry is the 8 hours, which no activity lengthens. An investor's session keeps its
 * 8 hours with no idle end.
 */
import type { AuthResponse, User } from "@jengafund/shared";
import { describe, expect, it, vi } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { ACCOUNT_MESSAGES } from "../src/modules/identity/accounts.js";
import { ADMIN_IDLE_SECONDS, ADMIN_IDLE_SLIDE_SECONDS } from "../src/modules/identity/sessions-port.js";
import { readItem, setAttributes } from "./support/db.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { claimsOf } from "./support/step-up.js";
import { registerUser } from "./support/users.js";

useLocalApi();

const me = (token: string) => api<{ user: User; message: string }>("GET", "/auth/me", { token });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The end the user's session map holds for the token's session. */
async function sessionEnd(token: string): Promise<number | undefined> {
  const claims = claimsOf(token);
  const item = await readItem(keys.user(String(claims.sub)));
  return item?.sessions?.[String(claims.sid)];
}

/** Sets the token's session entry, as requests (or their absence) over the last minutes would have left it. */
async function setSessionEnd(token: string, end: number): Promise<void> {
  const claims = claimsOf(token);
  const key = keys.user(String(claims.sub));
  const sessions = { ...(await readItem(key))?.sessions, [String(claims.sid)]: end };
  await setAttributes(key, { sessions });
}

describe("an admin's session", () => {
  it("starts with a 30-minute idle window inside a token of 8 hours", async () => {
    const admin = await signUpAdmin();
    const { iat, exp } = claimsOf(admin.token) as { iat: number; exp: number };
    expect(exp - iat).toBe(8 * 3600);
    const end = (await sessionEnd(admin.token)) ?? 0;
    expect(Math.abs(end - (nowSeconds() + ADMIN_IDLE_SECONDS))).toBeLessThanOrEqual(2);
  });

  it("ends after 30 minutes without a request, saying so; the other sessions of the admin are not touched", async () => {
    const admin = await signUpAdmin();
    const other = await signUpAdmin();
    await setSessionEnd(admin.token, nowSeconds() - 1);
    expect(await me(admin.token)).toEqual({ status: 401, body: { message: ACCOUNT_MESSAGES.idleSignedOut } });
    // Nothing moves an ended window on: the next request is refused too.
    expect((await me(admin.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
  });

  it("stays signed in while active: a request 25 minutes into the window moves it on by 30 minutes from now", async () => {
    const admin = await signUpAdmin();
    await setSessionEnd(admin.token, nowSeconds() + 5 * 60);
    expect((await me(admin.token)).status).toBe(200);
    const moved = (await sessionEnd(admin.token)) ?? 0;
    expect(Math.abs(moved - (nowSeconds() + ADMIN_IDLE_SECONDS))).toBeLessThanOrEqual(2);
  });

  it("writes nothing for a request within a minute of the last move", async () => {
    const admin = await signUpAdmin();
    const recent = nowSeconds() + ADMIN_IDLE_SECONDS - ADMIN_IDLE_SLIDE_SECONDS + 20;
    await setSessionEnd(admin.token, recent);
    expect((await me(admin.token)).status).toBe(200);
    expect(await sessionEnd(admin.token)).toBe(recent);
  });

  it("brings a session begun before idle windows (an 8-hour entry) under the 30 minutes at its next request", async () => {
    const admin = await signUpAdmin();
    await setSessionEnd(admin.token, nowSeconds() + 7 * 3600);
    expect((await me(admin.token)).status).toBe(200);
    const moved = (await sessionEnd(admin.token)) ?? 0;
    expect(Math.abs(moved - (nowSeconds() + ADMIN_IDLE_SECONDS))).toBeLessThanOrEqual(2);
  });

  it("ends 8 hours after sign-in however active the admin was", async () => {
    // Signed in 8 hours and a second ago.
    vi.useFakeTimers({ toFake: ["Date"] });
    let admin: AuthResponse;
    try {
      vi.setSystemTime(Date.now() - 8 * 3600 * 1000 - 1000);
      admin = await signUpAdmin();
    } finally {
      vi.useRealTimers();
    }
    // A request a minute ago left a full idle window.
    await setSessionEnd(admin.token, nowSeconds() + ADMIN_IDLE_SECONDS - 60);
    expect(await me(admin.token)).toEqual({ status: 401, body: { message: ACCOUNT_MESSAGES.sessionExpired } });
  });
});

describe("an investor's session", () => {
  it("has no idle window: 8 hours, which requests leave as they are", async () => {
    const investor = await registerUser();
    const end = (await sessionEnd(investor.token)) ?? 0;
    expect(end).toBe(Number(claimsOf(investor.token).exp));
    expect((await me(investor.token)).status).toBe(200);
    expect(await sessionEnd(investor.token)).toBe(end);
  });
});
