/**
 * Account recovery by email (design.md §11), over HTTP through the local API server, with the mail read from MailDev
 * as the user would read it: a single-use link valid 30 minutes, only its hash stored, every older session ended.
 */
import { createHash } from "node:crypto";
import { type AuthResponse, SECURITY_MESSAGES, type User } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { PASSWORD_RESET_MESSAGES } from "../src/modules/identity/password-reset.js";
import { readItem, setAttributes } from "./support/db.js";
import { eventually } from "./support/eventually.js";
import { type ApiAnswer, api, useLocalApi } from "./support/local-api.js";
import { mailsTo, resetLinkOf, waitForMailsTo } from "./support/mail.js";
import { solved } from "./support/proof-of-work.js";
import { registerUser } from "./support/users.js";

// Light challenges: the test solves them as the widget would, in a few milliseconds.
process.env.PROOF_OF_WORK_COST = "5";
process.env.PROOF_OF_WORK_MAX_COUNTER = "60";

useLocalApi();

type Message = { message: string };
type ChallengeAnswer = { message: string; challengeRequired?: true; challenge?: unknown };
const INVALID_LINK = "This password reset link is invalid or has expired. Please request a new one.";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Asks for a reset email and returns the link's token from the message that arrives. */
async function requestResetLink(email: string, mailsBefore = 0): Promise<string> {
  const asked = await api<Message>("POST", "/auth/forgot-password", { body: { email } });
  expect(asked).toEqual({ status: 202, body: { message: PASSWORD_RESET_MESSAGES.requested } });
  const mails = await waitForMailsTo(email, mailsBefore + 1);
  const latest = mails.at(-1);
  if (!latest) throw new Error("no mail");
  return resetLinkOf(latest).token;
}

/** Asks for a reset email with a solved challenge and returns the link's token from the message that arrives. */
async function requestResetLinkWith(email: string, altcha: string, mailsBefore: number): Promise<string> {
  const asked = await api<Message>("POST", "/auth/forgot-password", { body: { email, altcha } });
  expect(asked).toEqual({ status: 202, body: { message: PASSWORD_RESET_MESSAGES.requested } });
  const latest = (await waitForMailsTo(email, mailsBefore + 1)).at(-1);
  if (!latest) throw new Error("no mail");
  return resetLinkOf(latest).token;
}

const login = (email: string, password: string) =>
  api<AuthResponse>("POST", "/auth/login", { body: { email, password } });

describe("POST /auth/forgot-password and /auth/reset-password", () => {
  it("emails a branded link that sets a new password once and signs every older session out", async () => {
    const { input, token: firstSession } = await registerUser({ firstName: "Akinyi" });
    const secondSession = (await login(input.email, input.password)).body.token;

    const asked = await api<Message>("POST", "/auth/forgot-password", { body: { email: input.email.toUpperCase() } });
    expect(asked).toEqual({ status: 202, body: { message: PASSWORD_RESET_MESSAGES.requested } });
    // The second sign-in may have sent a security notice to the same address: the reset email is told by its subject.
    const mail = await eventually(async () =>
      (await mailsTo(input.email)).find((m) => m.subject === "Reset your JengaFund password"),
    );
    expect(mail.from[0]?.name).toBe("JengaFund");
    expect(mail.text).toContain("Hello Akinyi");
    expect(mail.text).toContain("expires in 30 minutes");
    const { url, token } = resetLinkOf(mail);
    expect(`${url.origin}${url.pathname}`).toBe("http://localhost:5173/reset-password");
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(">JengaFund<");
    expect(mail.html).toContain(`href="http://localhost:5173/reset-password#token=${token}"`);

    // Only the token's hash is stored, with a 30-minute TTL.
    const stored = await readItem(keys.passwordReset(sha256(token)));
    expect(stored).toMatchObject({ type: "PasswordReset", email: input.email.toLowerCase() });
    expect(JSON.stringify(stored)).not.toContain(token);
    const ttl = Number(stored?.expiresAt) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(29 * 60);
    expect(ttl).toBeLessThanOrEqual(30 * 60);

    const reset = await api<Message>("POST", "/auth/reset-password", { body: { token, password: "brand-new-pass" } });
    expect(reset).toEqual({ status: 200, body: { message: PASSWORD_RESET_MESSAGES.done } });

    for (const session of [firstSession, secondSession]) {
      const me = await api<Message>("GET", "/auth/me", { token: session });
      expect(me).toEqual({ status: 401, body: { message: "Your session has expired. Please log in again." } });
    }
    expect((await login(input.email, input.password)).status).toBe(401);
    const signedIn = await login(input.email, "brand-new-pass");
    expect(signedIn.status).toBe(200);
    expect((await api<{ user: User }>("GET", "/auth/me", { token: signedIn.body.token })).status).toBe(200);

    // Single use: the link is gone.
    const again = await api<Message>("POST", "/auth/reset-password", { body: { token, password: "another-pass" } });
    expect(again).toEqual({ status: 400, body: { message: INVALID_LINK } });
    expect(await readItem(keys.passwordReset(sha256(token)))).toBeUndefined();
    expect((await login(input.email, "brand-new-pass")).status).toBe(200);
  });

  it("answers an unknown email exactly as a known one, and sends it nothing", async () => {
    const { input } = await registerUser();
    const unknown = `nobody.${Date.now()}@example.co.ke`;
    const forUnknown = await api<Message>("POST", "/auth/forgot-password", { body: { email: unknown } });
    const forKnown = await api<Message>("POST", "/auth/forgot-password", { body: { email: input.email } });
    expect(forUnknown).toEqual(forKnown);
    expect(forUnknown.status).toBe(202);
    // The known address's mail has arrived; nothing went to the unknown one.
    await waitForMailsTo(input.email);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it("refuses an expired link with 400 and leaves the password as it was", async () => {
    const { input } = await registerUser();
    const token = await requestResetLink(input.email);
    await setAttributes(keys.passwordReset(sha256(token)), { expiresAt: Math.floor(Date.now() / 1000) - 1 });

    const reset = await api<Message>("POST", "/auth/reset-password", { body: { token, password: "brand-new-pass" } });
    expect(reset).toEqual({ status: 400, body: { message: INVALID_LINK } });
    expect((await login(input.email, input.password)).status).toBe(200);
    expect((await login(input.email, "brand-new-pass")).status).toBe(401);
  });

  it("lets a link issued before the last reset no longer work", async () => {
    const { input } = await registerUser();
    const older = await requestResetLink(input.email);
    const newer = await requestResetLink(input.email, 1);

    expect(
      (await api("POST", "/auth/reset-password", { body: { token: newer, password: "first-new-pass" } })).status,
    ).toBe(200);
    const stale = await api<Message>("POST", "/auth/reset-password", {
      body: { token: older, password: "other-pass" },
    });
    expect(stale).toEqual({ status: 400, body: { message: INVALID_LINK } });
    expect((await login(input.email, "first-new-pass")).status).toBe(200);
  });

  it("applies register's password rules and keeps the link for a better password", async () => {
    const { input } = await registerUser();
    const token = await requestResetLink(input.email);

    const weak = await api<Message>("POST", "/auth/reset-password", { body: { token, password: "12345" } });
    expect(weak).toEqual({ status: 400, body: { message: "Password must be at least 6 characters long" } });
    expect((await login(input.email, input.password)).status).toBe(200);

    // A common password is refused after the length rule, and the link still works for a better one.
    for (const common of ["123456", "password1", "jengafund"]) {
      const refused = await api<Message>("POST", "/auth/reset-password", { body: { token, password: common } });
      expect(refused).toEqual({ status: 400, body: { message: SECURITY_MESSAGES.passwordTooCommon } });
    }
    expect((await login(input.email, input.password)).status).toBe(200);
    // Six characters that no pattern explains are the length rule's to judge, and pass.
    expect((await api("POST", "/auth/reset-password", { body: { token, password: "Zq8-Lw" } })).status).toBe(200);
  });

  it.each([
    [
      "an email that is not one",
      "/auth/forgot-password",
      { email: "not-an-email" },
      "Please enter a valid email address",
    ],
    ["no email", "/auth/forgot-password", {}, "Email is required"],
    ["malformed JSON", "/auth/forgot-password", '{"email": ', "Request body must be valid JSON"],
    ["no token", "/auth/reset-password", { password: "secret123" }, INVALID_LINK],
    ["an unknown token", "/auth/reset-password", { token: "x".repeat(43), password: "secret123" }, INVALID_LINK],
    ["a token of another type", "/auth/reset-password", { token: 42, password: "secret123" }, INVALID_LINK],
  ])("answers %s with 400 { message } and changes nothing", async (_, path, body, message) => {
    const { input } = await registerUser();
    const answer = await api<Message>("POST", path, { body });
    expect(answer).toEqual({ status: 400, body: { message } });
    expect((await login(input.email, input.password)).status).toBe(200);
  });

  it("past 5 requests an hour for an email, asks for a proof of work (429, no mail), and a solved one sends the link", async () => {
    const { input } = await registerUser();
    for (let i = 1; i <= 5; i++) await requestResetLink(input.email, i - 1);

    const sixth = await api<ChallengeAnswer>("POST", "/auth/forgot-password", { body: { email: input.email } });
    expect(sixth).toEqual({
      status: 429,
      body: {
        message: PASSWORD_RESET_MESSAGES.challengeRequired,
        challengeRequired: true,
        challenge: expect.objectContaining({ signature: expect.any(String) }),
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(input.email)).toHaveLength(5);

    // The owner is not locked out: a solved challenge sends the link, once.
    const altcha = await solved(sixth.body.challenge);
    await expect(requestResetLinkWith(input.email, altcha, 5)).resolves.toEqual(expect.any(String));
    const replayed = await api<ChallengeAnswer>("POST", "/auth/forgot-password", {
      body: { email: input.email, altcha },
    });
    expect(replayed.status).toBe(429);
    expect(replayed.body.challengeRequired).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(input.email)).toHaveLength(6);
  });

  it("answers an unknown email past its limit exactly as a known one: the same 429 and challenge", async () => {
    const { input } = await registerUser();
    const unknown = `nobody.${Date.now()}@example.co.ke`;
    for (let i = 0; i < 5; i++) {
      expect((await api("POST", "/auth/forgot-password", { body: { email: unknown } })).status).toBe(202);
      expect((await api("POST", "/auth/forgot-password", { body: { email: input.email } })).status).toBe(202);
    }
    const [known, nobody] = await Promise.all(
      [input.email, unknown].map((email) => api<ChallengeAnswer>("POST", "/auth/forgot-password", { body: { email } })),
    );
    const shape = (answer: ApiAnswer<ChallengeAnswer> | undefined) => ({
      status: answer?.status,
      keys: Object.keys(answer?.body ?? {}).sort(),
      message: answer?.body.message,
      challengeKeys: Object.keys((answer?.body.challenge as object | undefined) ?? {}).sort(),
    });
    expect(shape(nobody)).toEqual(shape(known));
    // A solved challenge for the unknown email is answered as for the known one: 202, and no mail to anyone.
    const answered = await api("POST", "/auth/forgot-password", {
      body: { email: unknown, altcha: await solved(nobody?.body.challenge) },
    });
    expect(answered).toEqual({ status: 202, body: { message: PASSWORD_RESET_MESSAGES.requested } });
  });
});
