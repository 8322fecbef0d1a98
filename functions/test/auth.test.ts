import { type AuthResponse, SECURITY_MESSAGES, type User } from "@jengafund/shared";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { handler as me } from "../src/handlers/http/get-current-user.js";
import { handler as login } from "../src/handlers/http/login-user.js";
import { handler as register } from "../src/handlers/http/register-user.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { LOGIN_GUARD_MESSAGES } from "../src/modules/identity/login-guard.js";
import { deactivateUser, itemsOfUser, readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { solved } from "./support/proof-of-work.js";
import { newRegistration, registerUser } from "./support/users.js";

type Message = { message: string };

// Light challenges: the test solves them as the widget would, in a few milliseconds.
process.env.PROOF_OF_WORK_COST = "5";
process.env.PROOF_OF_WORK_MAX_COUNTER = "60";

describe("POST /auth/register", () => {
  it("creates a trial account with KES 1,000 of demo money and returns a token and the user", async () => {
    const input = newRegistration({ email: "  Achieng.Otieno@Example.COM ", phoneNumber: "0712 345 678" });
    const { statusCode, body } = await call<AuthResponse>(register, gatewayEvent("register-user", { body: input }));

    expect(statusCode).toBe(201);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      firstName: "Wanjiru",
      lastName: "Kamau",
      email: "achieng.otieno@example.com",
      phoneNumber: "254712345678",
      role: "investor",
      isTrialAccount: true,
      trialBalance: 1000,
      walletBalance: 0,
      totalReferralEarnings: 0,
      isActive: true,
    });
    expect(body.user.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(body)).not.toMatch(/argon2/);

    // The hash is on the credential item alone: not on the user item every route reads, nor on the email marker.
    const credential = await readItem(keys.credential(body.user._id));
    expect(credential?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await readItem(keys.user(body.user._id))).not.toHaveProperty("passwordHash");
    expect(await readItem(keys.emailMarker(body.user.email))).not.toHaveProperty("passwordHash");
    const ledger = await itemsOfUser(body.user._id, "TX#");
    expect(ledger.map((l) => [l.transactionType, l.balance, l.amountCents, l.status])).toEqual([
      ["trial", "trial", 100_000, "completed"],
    ]);
  });

  it("refuses an email already registered in another case with 409, and claims nothing else", async () => {
    const first = await registerUser();
    const retry = newRegistration({ email: first.input.email.toUpperCase() });
    const { statusCode, body } = await call<Message>(register, gatewayEvent("register-user", { body: retry }));
    expect(statusCode).toBe(409);
    expect(body).toEqual({ message: "An account with this email already exists" });

    // The refused registration's phone number was not taken.
    const again = await call(register, gatewayEvent("register-user", { body: { ...retry, email: `x${retry.email}` } }));
    expect(again.statusCode).toBe(201);
  });

  it("refuses a phone number already registered in another spelling", async () => {
    const first = await registerUser({ phoneNumber: "0722000111" });
    expect(first.user.phoneNumber).toBe("254722000111");
    const { statusCode, body } = await call<Message>(
      register,
      gatewayEvent("register-user", { body: newRegistration({ phoneNumber: "+254 722 000 111" }) }),
    );
    expect(statusCode).toBe(409);
    expect(body.message).toBe("An account with this phone number already exists");
  });

  it.each([
    [{ password: "12345" }, "Password must be at least 6 characters long"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ phoneNumber: "12345" }, "Please enter a valid Kenyan phone number, e.g. 0712345678 or 254712345678"],
    [{ phoneNumber: "0812345678" }, "Please enter a valid Kenyan phone number, e.g. 0712345678 or 254712345678"],
    [{ firstName: "   " }, "First name is required"],
    [{ lastName: undefined }, "Last name is required"],
    [{ firstName: 42 }, "First name is required"],
  ])("answers %j with 400 and a clear message", async (override, message) => {
    const body = { ...newRegistration(), ...override };
    const response = await call<Message>(register, gatewayEvent("register-user", { body }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it.each(["password1", "123456", "qwerty123", "jengafund", "Wanjiru2020", "secret123"])(
    "refuses the common password %s with 400 and writes nothing",
    async (password) => {
      const input = newRegistration({ firstName: "Wanjiru", password });
      const response = await call<Message>(register, gatewayEvent("register-user", { body: input }));
      expect(response).toEqual({ statusCode: 400, body: { message: SECURITY_MESSAGES.passwordTooCommon } });
      expect(await readItem(keys.emailMarker(input.email))).toBeUndefined();
    },
  );

  it("checks the 6-character rule first, with its own message", async () => {
    const body = { ...newRegistration(), password: "12345" };
    const response = await call<Message>(register, gatewayEvent("register-user", { body }));
    expect(response).toEqual({ statusCode: 400, body: { message: "Password must be at least 6 characters long" } });
  });

  it("answers malformed JSON, a non-object body and an oversized body with a 4xx message", async () => {
    const malformed = await call<Message>(register, gatewayEvent("register-user", { rawBody: '{"email":' }));
    expect(malformed).toEqual({ statusCode: 400, body: { message: "Request body must be valid JSON" } });

    const array = await call<Message>(register, gatewayEvent("register-user", { rawBody: "[1,2]" }));
    expect(array).toEqual({ statusCode: 400, body: { message: "Request body must be a JSON object" } });

    const huge = await call<Message>(
      register,
      gatewayEvent("register-user", { body: { ...newRegistration(), firstName: "a".repeat(20_000) } }),
    );
    expect(huge).toEqual({ statusCode: 413, body: { message: "Request body is too large" } });
  });

  it("records a pending KES 100 referral for the owner of a valid code, in any case", async () => {
    const referrer = await registerUser();
    const friend = await registerUser({ referralCode: ` ${referrer.user.referralCode.toLowerCase()} ` });

    const referrals = await itemsOfUser(referrer.user._id, "REFERRAL#");
    expect(referrals).toHaveLength(1);
    expect(referrals[0]).toMatchObject({
      referredId: friend.user._id,
      rewardCents: 10_000,
      rewardPaid: false,
      referred: { firstName: "Wanjiru", lastName: "Kamau", email: friend.input.email.toLowerCase() },
    });
    expect((await readItem(keys.user(friend.user._id)))?.referrer).toMatchObject({ id: referrer.user._id });
  });

  it("refuses an unknown referral code with 400 'Invalid referral code' and creates no account", async () => {
    const input = newRegistration({ referralCode: "NOSUCH99" });
    const response = await call<Message>(register, gatewayEvent("register-user", { body: input }));
    expect(response).toEqual({ statusCode: 400, body: { message: "Invalid referral code" } });
    expect(await readItem(keys.emailMarker(input.email))).toBeUndefined();
  });

  it.each([
    ["a right-to-left override", { firstName: "Amina\u202E" }, "First name"],
    ["a line break", { lastName: "Otieno\nAdmin" }, "Last name"],
    ["an escape character", { firstName: "\u001b[2JWanjiru" }, "First name"],
    ["a direction isolate", { lastName: "Kamau\u2067" }, "Last name"],
  ])("refuses a name with %s (400) and creates no account", async (_, names, label) => {
    const input = newRegistration(names);
    const response = await call<Message>(register, gatewayEvent("register-user", { body: input }));
    expect(response).toEqual({
      statusCode: 400,
      body: { message: `${label} cannot contain control or text-direction characters` },
    });
    expect(await readItem(keys.emailMarker(input.email))).toBeUndefined();
  });

  it("creates exactly one account when 50 registrations race with one email in different cases", async () => {
    const base = newRegistration();
    const attempts = Array.from({ length: 50 }, (_, i) => {
      const email = i % 2 ? base.email.toUpperCase() : base.email;
      const phoneNumber = `0733${String(100_000 + i).padStart(6, "0")}`;
      return call(register, gatewayEvent("register-user", { body: { ...base, email, phoneNumber } }));
    });
    const results = await Promise.all(attempts);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
  });
});

describe("POST /auth/login and GET /auth/me", () => {
  it("logs in with the registered password and returns the same user from /auth/me", async () => {
    const { input, user } = await registerUser();
    const loggedIn = await call<AuthResponse>(
      login,
      gatewayEvent("login-user", { body: { email: input.email.toUpperCase(), password: input.password } }),
    );
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.body.user).toEqual(user);

    const current = await call<{ user: User }>(me, gatewayEvent("get-current-user", { token: loggedIn.body.token }));
    expect(current).toEqual({ statusCode: 200, body: { user } });
  });

  it("gives the same 401 for a wrong password and an unknown email", async () => {
    const { input } = await registerUser();
    const wrong = await call(
      login,
      gatewayEvent("login-user", { body: { email: input.email, password: "nope-nope" } }),
    );
    const unknown = await call(
      login,
      gatewayEvent("login-user", { body: { email: "nobody@example.com", password: "nope-nope" } }),
    );
    expect(wrong).toEqual({ statusCode: 401, body: { message: "Invalid email or password" } });
    expect(unknown).toEqual(wrong);
  });

  it("requires email and password", async () => {
    const response = await call<Message>(login, gatewayEvent("login-user", { body: { email: "a@b.co" } }));
    expect(response).toEqual({ statusCode: 400, body: { message: "Password is required" } });
  });

  it("refuses a deactivated account at login (403) and its existing token at the next request (401)", async () => {
    const { input, user, token } = await registerUser();
    await deactivateUser(user._id);

    const loginResponse = await call(login, gatewayEvent("login-user", { body: input }));
    expect(loginResponse).toEqual({ statusCode: 403, body: { message: "Account is deactivated" } });

    const meResponse = await call<Message>(me, gatewayEvent("get-current-user", { token }));
    expect(meResponse.statusCode).toBe(401);
  });

  it("refuses the 11th attempt from one address after 10 failures (429, saying when), but not the owner elsewhere", async () => {
    const { input } = await registerUser();
    const sourceIp = `198.18.7.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 10; i++) {
      const body = { email: input.email, password: `wrong-${i}` };
      expect((await call(login, gatewayEvent("login-user", { body, sourceIp }))).statusCode).toBe(401);
    }
    const blocked = await call<Message>(login, gatewayEvent("login-user", { body: input, sourceIp }));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.message).toMatch(
      /^Too many failed login attempts from your network\. Please try again in \d+ minutes?\.$/,
    );
    const elsewhere = await call(login, gatewayEvent("login-user", { body: input, sourceIp: "198.18.8.1" }));
    expect(elsewhere.statusCode).toBe(200);
  });

  it("past 100 failures for the account from many addresses, asks for a proof of work instead of refusing", async () => {
    const { input } = await registerUser();
    for (let i = 0; i < 100; i++) {
      const body = { email: input.email, password: `wrong-${i}` };
      const sourceIp = `198.19.${Math.floor(i / 10)}.${i % 10}`;
      expect((await call(login, gatewayEvent("login-user", { body, sourceIp }))).statusCode).toBe(401);
    }
    const asked = await call<Message & { challengeRequired?: boolean; challenge?: unknown }>(
      login,
      gatewayEvent("login-user", { body: input, sourceIp: "198.19.200.1" }),
    );
    expect(asked).toEqual({
      statusCode: 401,
      body: {
        message: LOGIN_GUARD_MESSAGES.challengeRequired,
        challengeRequired: true,
        challenge: expect.objectContaining({ parameters: expect.objectContaining({ algorithm: "PBKDF2/SHA-256" }) }),
      },
    });
    const altcha = await solved(asked.body.challenge);
    const signedIn = await call<AuthResponse>(
      login,
      gatewayEvent("login-user", { body: { ...input, altcha }, sourceIp: "198.19.200.1" }),
    );
    expect(signedIn.statusCode).toBe(200);
  });

  describe("GET /auth/me refuses a request without a valid token", () => {
    const forge = async (key: string, alg: "HS256" | "HS512" = "HS256", exp = "1h") =>
      new SignJWT({ role: "admin", ver: 1 })
        .setProtectedHeader({ alg })
        .setSubject("01JENGAFUNDADMIN0000000000")
        .setIssuer("jengafund")
        .setAudience("jengafund-web")
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));

    it.each([
      ["no Authorization header", async () => undefined],
      ["a garbage token", async () => "not.a.token"],
      ["a token signed with another key", async () => forge("x".repeat(64))],
      [
        "an unsigned alg:none token",
        async () => {
          const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
          return `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: "01JENGAFUNDADMIN0000000000", role: "admin", ver: 1, iss: "jengafund", aud: "jengafund-web", exp: 9_999_999_999 })}.`;
        },
      ],
      ["a token with the right key but HS512", async () => forge(process.env.JWT_SECRET ?? "", "HS512")],
      ["an expired token", async () => forge(process.env.JWT_SECRET ?? "", "HS256", "-1m")],
    ])("with %s → 401", async (_, makeToken) => {
      const token = await makeToken();
      const response = await call<Message>(me, gatewayEvent("get-current-user", token ? { token } : {}));
      expect(response.statusCode).toBe(401);
      expect(response.body.message).toEqual(expect.any(String));
    });
  });
});
