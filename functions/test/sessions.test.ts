/**
 * Sessions that end on the server (design.md §12.2), over HTTP through the local API: logout ends the caller's session
 * (its token is refused from then on), logout-all every session of the account, and turning two-factor sign-in on or
 * off, which needs the password, ends the account's other sessions but not the caller's. The new-browser notice is
 * decided by the session service on DynamoDB Local, with a recording notices port.
 */
import { createHmac } from "node:crypto";
import type { TwoFactorSetup, User } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import type { SecurityNotice } from "../src/kernel/security-notices.js";
import { ACCOUNT_MESSAGES } from "../src/modules/identity/accounts.js";
import { createDynamoSessionRepository } from "../src/modules/identity/dynamo/session-repository.js";
import {
  BROWSER_MEMORY_SECONDS,
  createNewBrowserCheck,
  sessionsToDrop,
  shortUserAgent,
} from "../src/modules/identity/sessions.js";
import { MAX_LIVE_SESSIONS } from "../src/modules/identity/sessions-port.js";
import { TWO_FACTOR_MESSAGES } from "../src/modules/identity/two-factor.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { api, useLocalApi } from "./support/local-api.js";
import { manualClock } from "./support/services.js";
import { claimsOf, codeFor, currentCode, freshStep } from "./support/step-up.js";
import { login } from "./support/two-factor.js";
import { newRegistration, registerUser } from "./support/users.js";

useLocalApi();

const me = (token: string) => api<{ user: User; message: string }>("GET", "/auth/me", { token });
const expired = { status: 401, body: { message: ACCOUNT_MESSAGES.sessionExpired } };

/** A registered user (session of the registration) signed in `extra` more times: one token per session. */
async function userWithSessions(extra: number) {
  const registered = await registerUser();
  const { email, password } = registered.input;
  const tokens = [registered.token];
  for (let i = 0; i < extra; i++) {
    const signedIn = await login({ email, password });
    expect(signedIn.status).toBe(200);
    tokens.push(signedIn.body.token);
  }
  return { ...registered, tokens };
}

/** A token signed with the API's key, with the claims given (as a thief with the key could not make, but a test can). */
function signed(payload: Record<string, unknown>): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}`;
  const key = new TextEncoder().encode(process.env.JWT_SECRET);
  return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
}

describe("POST /auth/logout and /auth/logout-all", () => {
  it("ends only the caller's session: the same token is then a 401, the account's other session still works", async () => {
    const { tokens, user } = await userWithSessions(1);
    const [registration, other] = tokens as [string, string];
    expect(await api("POST", "/auth/logout", { token: registration })).toEqual({ status: 204, body: undefined });
    expect(await me(registration)).toEqual(expired);
    expect(await api("POST", "/auth/logout", { token: registration })).toEqual(expired);
    expect((await me(other)).status).toBe(200);
    const sessions = (await readItem(keys.user(user._id)))?.sessions as Record<string, number>;
    expect(Object.keys(sessions)).toEqual([claimsOf(other).sid]);
  });

  it("logout-all ends every session of the account, the caller's included; signing in again works", async () => {
    const { tokens, input } = await userWithSessions(2);
    expect((await api("POST", "/auth/logout-all", { token: tokens[1] })).status).toBe(204);
    for (const token of tokens) expect(await me(token)).toEqual(expired);
    const again = await login({ email: input.email, password: input.password });
    expect((await me(again.body.token)).status).toBe(200);
  });

  it("refuses a signed token whose session is not live: no session id, an unknown one, one of another account", async () => {
    const { token, user } = await registerUser();
    const other = await registerUser();
    const claims = claimsOf(token);
    const { sid: _sid, ...withoutSid } = claims;
    for (const forged of [
      signed(withoutSid),
      signed({ ...claims, sid: "AAAAAAAAAAAAAAAAAAAAAA" }),
      signed({ ...claims, sid: claimsOf(other.token).sid }),
    ]) {
      expect(await me(forged)).toEqual(expired);
    }
    expect((await me(token)).body.user._id).toBe(user._id);
  });

  it("refuses both routes to an anonymous caller", async () => {
    for (const path of ["/auth/logout", "/auth/logout-all"]) expect((await api("POST", path)).status).toBe(401);
  });
});

describe("turning two-factor sign-in on or off", () => {
  it("needs the password (a wrong one is a 400 and changes nothing) and ends the account's other sessions, not the caller's", async () => {
    const { tokens, user, input } = await userWithSessions(1);
    const [caller, other] = tokens as [string, string];
    const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: caller });
    const step = await freshStep();
    const before = await readItem(keys.user(user._id));
    const credentialBefore = await readItem(keys.credential(user._id));

    const wrongPassword = await api("POST", "/auth/2fa/enable", {
      token: caller,
      body: { code: await codeFor(setup.body.secret, step - 1), password: `${input.password}-not` },
    });
    expect(wrongPassword).toEqual({ status: 400, body: { message: TWO_FACTOR_MESSAGES.wrongPassword } });
    const unchanged = await readItem(keys.user(user._id));
    expect(unchanged?.twoFactorEnabled).toEqual(before?.twoFactorEnabled);
    expect((await readItem(keys.credential(user._id)))?.twoFactor).toEqual(credentialBefore?.twoFactor);
    expect(unchanged?.sessions).toEqual(before?.sessions);
    expect(unchanged).not.toHaveProperty("twoFactorChangedAt");
    expect((await me(other)).status).toBe(200);

    const enabled = await api("POST", "/auth/2fa/enable", {
      token: caller,
      body: { code: await codeFor(setup.body.secret, step - 1), password: input.password },
    });
    expect(enabled.status).toBe(200);
    expect((await me(caller)).status).toBe(200);
    expect(await me(other)).toEqual(expired);
    const on = await readItem(keys.user(user._id));
    expect(Object.keys(on?.sessions ?? {})).toEqual([claimsOf(caller).sid]);
    expect(Date.parse(String(on?.twoFactorChangedAt))).toBeGreaterThan(Date.now() - 60_000);

    // Off the same way: a session signed in meanwhile ends, the caller's goes on.
    const third = await login({ ...input, otp: await currentCode(setup.body.secret) });
    expect(third.status).toBe(200);
    const disabled = await api("POST", "/auth/2fa/disable", {
      token: caller,
      body: { code: await codeFor(setup.body.secret, step + 1), password: input.password },
    });
    expect(disabled.status).toBe(200);
    expect((await me(caller)).status).toBe(200);
    expect(await me(third.body.token)).toEqual(expired);
    const off = await readItem(keys.user(user._id));
    expect(off?.twoFactorEnabled).toBe(false);
    expect((await readItem(keys.credential(user._id)))?.twoFactor).toBeUndefined();
    expect(String(off?.twoFactorChangedAt) >= String(on?.twoFactorChangedAt)).toBe(true);
  });
});

describe("the sessions a login keeps", () => {
  it(`keeps at most ${MAX_LIVE_SESSIONS} live sessions: ended ones go, then the oldest`, () => {
    const now = 1_800_000_000;
    const live = Object.fromEntries(Array.from({ length: MAX_LIVE_SESSIONS }, (_, i) => [`s${i}`, now + 100 + i]));
    expect(sessionsToDrop({ ...live, gone: now - 1, ending: now }, now)).toEqual(["gone", "ending", "s0"]);
    expect(sessionsToDrop({ a: now + 5 }, now)).toEqual([]);
    expect(sessionsToDrop(undefined, now)).toEqual([]);
  });

  it("starts the map for an account made before sessions were kept, and the new session works", async () => {
    const { input, user } = await registerUser();
    const { dynamoDocumentClient, tableName } = await import("../src/kernel/dynamo/client.js");
    const { UpdateCommand } = await import("@aws-sdk/lib-dynamodb");
    await dynamoDocumentClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.user(user._id), UpdateExpression: "REMOVE sessions" }),
    );
    const signedIn = await login({ email: input.email, password: input.password });
    expect((await me(signedIn.body.token)).status).toBe(200);
  });
});

describe("the notice of a sign-in from a new browser", () => {
  const chrome =
    "Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

  function service() {
    const sent: SecurityNotice[] = [];
    const clock = manualClock(new Date());
    const sessions = createNewBrowserCheck({
      sessions: createDynamoSessionRepository(),
      clock,
      notices: { send: async (notice) => void sent.push(notice) },
    });
    return { sessions, sent, clock };
  }

  it("tells the owner once per browser in 90 days, with the address and the browser named shortly", async () => {
    const { sessions, sent, clock } = service();
    const { user } = await registerUser();
    const account = { id: user._id, email: user.email, firstName: user.firstName } as never;
    const origin = { deviceId: "b7Jq2w9XkLmN4pRsTuVw1Y", userAgent: chrome, sourceIp: "198.51.100.23" };

    await sessions.signedIn(account, origin);
    expect(sent).toEqual([
      {
        kind: "new-browser",
        userId: user._id,
        to: { email: user.email, firstName: user.firstName },
        at: clock.now(),
        sourceIp: "198.51.100.23",
        userAgent: "Android · Chrome",
      },
    ]);
    // Kept only as a hash, with its 90 days as the item's TTL.
    const [device] = await itemsOfUser(user._id, "DEVICE#");
    expect(JSON.stringify(device)).not.toContain(origin.deviceId);
    expect(device?.expiresAt).toBe(Math.floor(clock.now().getTime() / 1000) + BROWSER_MEMORY_SECONDS);

    // The same browser again: no notice, 89 days later neither (each sign-in renews the 90 days).
    await sessions.signedIn(account, origin);
    clock.advance(89 * 86_400_000);
    await sessions.signedIn(account, origin);
    expect(sent).toHaveLength(1);
    // Not seen for more than 90 days: new again.
    clock.advance(91 * 86_400_000);
    await sessions.signedIn(account, origin);
    expect(sent).toHaveLength(2);
    // Another browser, and a sign-in without a browser id (or a malformed one), are new.
    await sessions.signedIn(account, { ...origin, deviceId: "another-browser-id-1234" });
    await sessions.signedIn(account, { sourceIp: origin.sourceIp });
    await sessions.signedIn(account, { ...origin, deviceId: "no spaces allowed" });
    expect(sent.map((notice) => notice.kind)).toEqual(Array(5).fill("new-browser"));
    // The same id on another account is that account's own new browser.
    const other = await registerUser();
    await sessions.signedIn({ id: other.user._id, email: other.user.email, firstName: "A" } as never, origin);
    expect(sent.at(-1)?.userId).toBe(other.user._id);
  });

  it("notes the browser at a login over HTTP (X-Device-Id), not at registering", async () => {
    const { input, user } = await registerUser();
    expect(await itemsOfUser(user._id, "DEVICE#")).toEqual([]);
    const headers = { "x-device-id": "Qm9vdHN0cmFwcGVkLWJyb3dzZXI", "user-agent": chrome };
    expect((await login({ email: input.email, password: input.password }, headers)).status).toBe(200);
    expect(await itemsOfUser(user._id, "DEVICE#")).toHaveLength(1);
  });

  it("knows the browser an account was opened in: registering with an X-Device-Id notes it, so its first login there is not new", async () => {
    const input = newRegistration();
    const headers = { "x-device-id": "T3BlbmVkLWhlcmUtZmlyc3Q", "user-agent": chrome };
    const registered = await api<{ user: User }>("POST", "/auth/register", { body: input, headers });
    expect(registered.status).toBe(201);
    const userId = registered.body.user._id;
    const [noted] = await itemsOfUser(userId, "DEVICE#");
    expect(noted).toBeDefined();
    expect((await login({ email: input.email, password: input.password }, headers)).status).toBe(200);
    // The same one item: the login found the browser known, so it was not new (and no notice was sent for it).
    expect(await itemsOfUser(userId, "DEVICE#")).toEqual([expect.objectContaining({ SK: noted?.SK })]);
    const sentAfterRegistering: SecurityNotice[] = [];
    const browsers = createNewBrowserCheck({
      sessions: createDynamoSessionRepository(),
      clock: manualClock(new Date()),
      notices: { send: async (notice) => void sentAfterRegistering.push(notice) },
    });
    await browsers.signedIn({ id: userId, email: input.email, firstName: input.firstName } as never, {
      deviceId: headers["x-device-id"],
      sourceIp: "127.0.0.1",
    });
    expect(sentAfterRegistering).toEqual([]);
  });

  it("names common browsers shortly", () => {
    expect(
      shortUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0",
      ),
    ).toBe("Windows · Edge");
    expect(
      shortUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1",
      ),
    ).toBe("iPhone · Safari");
    expect(shortUserAgent("curl/8.5.0")).toBe("curl/8.5.0");
    expect(shortUserAgent(undefined)).toBeUndefined();
  });
});
