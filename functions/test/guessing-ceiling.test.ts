/**
 * Guessing has a ceiling (design.md §13.4), over HTTP through the local API server on DynamoDB Local, with the mail
 * read from MailDev. The server runs as deployed behind CloudFront (an origin secret is configured), so each
 * request's caller is the address in `CloudFront-Viewer-Address`, as in AWS: the tests speak from IPv4 and IPv6
 * addresses of their choosing. The account's earlier failures are arranged on its counters (a hundred or a thousand
 * real guesses would only make the run slow); the crossings that matter are made by real requests.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { AuthResponse } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { nairobiDay } from "../src/kernel/clock.js";
import { dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { type Key, keys } from "../src/kernel/dynamo/keys.js";
import { LOGIN_GUARD_MESSAGES, MAX_CHALLENGE_COST_FACTOR } from "../src/modules/identity/login-guard.js";
import { SIGN_IN_LINK_MESSAGE } from "../src/modules/identity/sign-in-links.js";
import { readItem, setAttributes } from "./support/db.js";
import { eventually } from "./support/eventually.js";
import { api, useLocalApi } from "./support/local-api.js";
import { mailsTo } from "./support/mail.js";
import { solved } from "./support/proof-of-work.js";
import { newRegistration } from "./support/users.js";

const ORIGIN_SECRET = randomBytes(24).toString("hex");
// Light challenges (the test solves them as the widget would, in milliseconds); the default limits (100 an hour,
// 1,000 a day). Read by the handlers' configuration on their first request.
Object.assign(process.env, { ORIGIN_SECRET, PROOF_OF_WORK_COST: "5", PROOF_OF_WORK_MAX_COUNTER: "60" });
const BASE_COST = 5;

useLocalApi();

interface Answer {
  message?: string;
  challengeRequired?: true;
  challenge?: { parameters: { cost: number }; signature: string };
  token?: string;
}

/** A request from `address`, as CloudFront forwards it. */
const from = (address: string) => ({
  "x-origin-verify": ORIGIN_SECRET,
  "cloudfront-viewer-address": `${address}:${randomInt(1024, 65535)}`,
});

/** A network of this test's own: an IPv6 /64 (`host` picks an address in it), or one IPv4 address. */
const newV6Network = () => {
  const prefix = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
  return (host = randomInt(1, 65535).toString(16)) => `${prefix}::${host}`;
};
const newV4 = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

const login = (body: Record<string, unknown>, address: string) =>
  api<Answer>("POST", "/auth/login", { body, headers: from(address) });

async function signUp() {
  const input = newRegistration();
  const registered = await api<AuthResponse>("POST", "/auth/register", { body: input, headers: from(newV4()) });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { email: input.email, password: input.password, userId: registered.body.user._id };
}

/** Writes a throttle counter as if the account had had `attempts` counted failures in its window. */
async function arrange(key: Key, attempts: number) {
  await dynamoDocumentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key, type: "LoginThrottle", attempts, expiresAt: Math.floor(Date.now() / 1000) + 7200 },
    }),
  );
}
const thisHour = () => new Date().toISOString().slice(0, 13);
const hourCounter = (email: string) => keys.loginAttempts("EMAIL", email, thisHour());
const dayCounter = (email: string) => keys.loginFailuresOfDay(email, nairobiDay(new Date()));
const attemptsOn = async (key: Key) => (await readItem(key))?.attempts;

/** The sign-in link emails the address has received, oldest first. */
const linkMails = async (email: string) =>
  (await mailsTo(email)).filter((mail) => mail.subject === "Your JengaFund sign-in link");
function linkTokenOf(text: string): string {
  const match = text.match(/http:\/\/localhost:5173\/login\?signin=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no sign-in link in: ${text}`);
  return match[1];
}
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the proof of work grows with the account's failures of the hour", () => {
  it("costs the base from 100 failures, twice from 200, four times from 300, and at most 16 times", async () => {
    const owner = await signUp();
    const here = newV4();
    const costAt = async (failures: number) => {
      await arrange(hourCounter(owner.email), failures);
      const asked = await login({ email: owner.email, password: owner.password }, here);
      expect(asked.status).toBe(401);
      expect(asked.body).toMatchObject({ message: LOGIN_GUARD_MESSAGES.challengeRequired, challengeRequired: true });
      return (asked.body.challenge?.parameters.cost ?? 0) / BASE_COST;
    };
    expect(await costAt(100)).toBe(1);
    expect(await costAt(199)).toBe(1);
    expect(await costAt(200)).toBe(2);
    expect(await costAt(299)).toBe(2);
    expect(await costAt(300)).toBe(4);
    expect(await costAt(400)).toBe(8);
    expect(await costAt(500)).toBe(MAX_CHALLENGE_COST_FACTOR);
    expect(await costAt(50_000)).toBe(MAX_CHALLENGE_COST_FACTOR);
    // Each of those asked and counted nothing.
    expect(await attemptsOn(hourCounter(owner.email))).toBe(50_000);
  });

  it("refuses a challenge solved at the old cost once a wrong guess takes the account into the next hundred", async () => {
    const owner = await signUp();
    const here = newV4();
    await arrange(hourCounter(owner.email), 198);
    const cheap = await login({ email: owner.email, password: owner.password }, here);
    expect(cheap.body.challenge?.parameters.cost).toBe(BASE_COST);
    const cheapProof = await solved(cheap.body.challenge);
    // A second base-cost challenge, asked for before the guess below.
    const another = await login({ email: owner.email, password: owner.password }, here);
    const stale = await solved(another.body.challenge);

    // A wrong password with a base-cost proof: the 199th failure, then the 200th.
    expect((await login({ email: owner.email, password: "wrong-1", altcha: cheapProof }, here)).status).toBe(401);
    const next = await login({ email: owner.email, password: owner.password }, here);
    expect(next.body.challenge?.parameters.cost).toBe(BASE_COST);
    expect(
      (await login({ email: owner.email, password: "wrong-2", altcha: await solved(next.body.challenge) }, here)).body,
    ).toEqual({ message: "Invalid email or password" });
    expect(await attemptsOn(hourCounter(owner.email))).toBe(200);

    // At 200 a base-cost proof no longer pays: refused with a challenge at twice the cost, nothing counted or spent.
    const refused = await login({ email: owner.email, password: owner.password, altcha: stale }, here);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: LOGIN_GUARD_MESSAGES.challengeRequired, challengeRequired: true });
    expect(refused.body.challenge?.parameters.cost).toBe(2 * BASE_COST);
    expect(await attemptsOn(hourCounter(owner.email))).toBe(200);
    expect(await readItem(keys.spentProof(another.body.challenge?.signature ?? ""))).toBeUndefined();

    // The owner solves the dearer one and signs in.
    const signedIn = await login(
      { email: owner.email, password: owner.password, altcha: await solved(refused.body.challenge) },
      here,
    );
    expect(signedIn.status).toBe(200);
  });
});

describe("a challenge is bound to the email and the caller's network", () => {
  it("pays for that email from any address of its IPv6 /64, and for no other email or network", async () => {
    const owner = await signUp();
    const other = await signUp();
    for (const account of [owner, other]) await arrange(hourCounter(account.email), 100);
    const network = newV6Network();
    const asked = await login({ email: owner.email, password: owner.password }, network("1"));
    const altcha = await solved(asked.body.challenge);

    const elsewhere = [
      { email: other.email, password: other.password, address: network("1") },
      { email: owner.email, password: owner.password, address: newV6Network()("1") },
      { email: owner.email, password: owner.password, address: newV4() },
    ];
    for (const { email, password, address } of elsewhere) {
      const refused = await login({ email, password, altcha }, address);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ message: LOGIN_GUARD_MESSAGES.challengeRequired, challengeRequired: true });
    }
    // Refused, they wrote nothing: no failure counted, the challenge not spent.
    expect(await attemptsOn(hourCounter(owner.email))).toBe(100);
    expect(await attemptsOn(hourCounter(other.email))).toBe(100);
    expect(await readItem(keys.spentProof(asked.body.challenge?.signature ?? ""))).toBeUndefined();

    // Another address of the same /64 (the same network, written another way) is the caller it was made for.
    const signedIn = await login(
      { email: owner.email.toUpperCase(), password: owner.password, altcha },
      network("AbCd"),
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });

  it("binds a password reset's challenge the same way", async () => {
    const owner = await signUp();
    const here = newV4();
    let asked = await api<Answer>("POST", "/auth/forgot-password", {
      body: { email: owner.email },
      headers: from(here),
    });
    for (let i = 0; asked.status !== 429 && i < 10; i++) {
      asked = await api<Answer>("POST", "/auth/forgot-password", { body: { email: owner.email }, headers: from(here) });
    }
    expect(asked.body.challengeRequired).toBe(true);
    const altcha = await solved(asked.body.challenge);
    const fromElsewhere = await api<Answer>("POST", "/auth/forgot-password", {
      body: { email: owner.email, altcha },
      headers: from(newV4()),
    });
    expect(fromElsewhere.status).toBe(429);
    expect(fromElsewhere.body.challengeRequired).toBe(true);
    const fromHere = await api<Answer>("POST", "/auth/forgot-password", {
      body: { email: owner.email, altcha },
      headers: from(here),
    });
    expect(fromHere.status).toBe(202);
  });
});

describe("address-keyed limits count an IPv6 caller by its /64", () => {
  it("refuses the 11th wrong password for one account from a /64 with 429, whichever of its addresses it comes from", async () => {
    const owner = await signUp();
    const network = newV6Network();
    for (let i = 1; i <= 10; i++) {
      expect((await login({ email: owner.email, password: `wrong-${i}` }, network(i.toString(16)))).status).toBe(401);
    }
    const refused = await login({ email: owner.email, password: owner.password }, network("ffff"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed login attempts from your network\./);
    // The pair's counter is the /64's, and the refusal counted nothing on it.
    expect(await attemptsOn(keys.loginAttemptsFromIp(owner.email, network("1"), thisHour()))).toBe(10);
    // The owner, from another /64, signs in.
    expect((await login({ email: owner.email, password: owner.password }, newV6Network()())).status).toBe(200);
  });

  it("counts referral code checks and reset requests on the caller's /64 too", async () => {
    const network = newV6Network();
    for (const host of ["1", "2", "3"]) {
      const checked = await api("GET", "/auth/referral-codes/NOSUCH1", { headers: from(network(host)) });
      expect(checked.status).toBe(404);
      const owner = newRegistration();
      await api("POST", "/auth/forgot-password", { body: { email: owner.email }, headers: from(network(host)) });
    }
    expect((await readItem(keys.referralCodeChecks(network("9"), thisHour())))?.checks).toBe(3);
    expect(await attemptsOn(keys.passwordResetRequests("IP", network("9"), thisHour()))).toBe(3);
  });
});

describe("past 1,000 failures in a day, the password alone no longer signs in", () => {
  it("answers the right and a wrong password alike, and emails the owner one link, stored hashed, for 15 minutes", async () => {
    const owner = await signUp();
    const here = newV4();
    await arrange(dayCounter(owner.email), 999);
    // The 1,000th failure is a real one; past it, even the right password is not enough.
    expect((await login({ email: owner.email, password: "wrong-1000" }, here)).body).toEqual({
      message: "Invalid email or password",
    });
    expect(await attemptsOn(dayCounter(owner.email))).toBe(1000);

    const right = await login({ email: owner.email, password: owner.password }, here);
    const wrong = await login({ email: owner.email, password: "wrong-1001" }, newV4());
    expect(right).toEqual({ status: 401, body: { message: SIGN_IN_LINK_MESSAGE } });
    expect(wrong).toEqual(right);
    // Nothing counted: the refusals wrote no failure.
    expect(await attemptsOn(dayCounter(owner.email))).toBe(1000);

    const [mail] = await eventually(async () => {
      const mails = await linkMails(owner.email);
      return mails.length > 0 ? mails : null;
    });
    if (!mail) throw new Error("no mail");
    expect(mail.text).toContain("expires in 15 minutes");
    const token = linkTokenOf(mail.text);
    const stored = await readItem(keys.signInLink(owner.userId));
    expect(stored).toMatchObject({ type: "SignInLink", tokenHash: sha256(token) });
    expect(JSON.stringify(stored)).not.toContain(token);
    const ttl = Number(stored?.expiresAt) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(14 * 60);
    expect(ttl).toBeLessThanOrEqual(15 * 60);
    // One live link at a time: the second attempt mailed nothing more.
    expect(await linkMails(owner.email)).toHaveLength(1);
  });

  it("signs in with the link and the password, once; a wrong password with the link fails and leaves it", async () => {
    const owner = await signUp();
    const here = newV4();
    await arrange(dayCounter(owner.email), 1000);
    expect((await login({ email: owner.email, password: owner.password }, here)).body.message).toBe(
      SIGN_IN_LINK_MESSAGE,
    );
    const mail = await eventually(async () => (await linkMails(owner.email))[0]);
    const signInToken = linkTokenOf(mail.text);

    // The guesser with the link (or a made-up one) gets nothing, and the link stays.
    const guessed = await login({ email: owner.email, password: "wrong-x", signInToken }, newV4());
    expect(guessed).toEqual({ status: 401, body: { message: "Invalid email or password" } });
    const madeUp = await login({ email: owner.email, password: owner.password, signInToken: "x".repeat(43) }, here);
    expect(madeUp).toEqual({ status: 401, body: { message: SIGN_IN_LINK_MESSAGE } });
    expect(await readItem(keys.signInLink(owner.userId))).toMatchObject({ tokenHash: sha256(signInToken) });
    // Another account's right password with this link is no better.
    const stranger = await signUp();
    await arrange(dayCounter(stranger.email), 1000);
    expect((await login({ email: stranger.email, password: stranger.password, signInToken }, here)).body).toEqual({
      message: SIGN_IN_LINK_MESSAGE,
    });

    const signedIn = await login({ email: owner.email, password: owner.password, signInToken }, here);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    expect(await readItem(keys.signInLink(owner.userId))).toBeUndefined();

    // Used once: the same link again is answered as no link, and a new one is mailed.
    const again = await login({ email: owner.email, password: owner.password, signInToken }, here);
    expect(again).toEqual({ status: 401, body: { message: SIGN_IN_LINK_MESSAGE } });
    const mails = await eventually(async () => {
      const all = await linkMails(owner.email);
      return all.length === 2 ? all : null;
    });
    expect(linkTokenOf(mails[1]?.text ?? "")).not.toBe(signInToken);
  });

  it("does not take an expired link, and mails a fresh one; an unknown email gets the same answer and no mail", async () => {
    const owner = await signUp();
    const here = newV4();
    await arrange(dayCounter(owner.email), 1000);
    await login({ email: owner.email, password: owner.password }, here);
    const first = linkTokenOf((await eventually(async () => (await linkMails(owner.email))[0])).text);
    await setAttributes(keys.signInLink(owner.userId), { expiresAt: Math.floor(Date.now() / 1000) - 1 });

    const expired = await login({ email: owner.email, password: owner.password, signInToken: first }, here);
    expect(expired).toEqual({ status: 401, body: { message: SIGN_IN_LINK_MESSAGE } });
    const mails = await eventually(async () => {
      const all = await linkMails(owner.email);
      return all.length === 2 ? all : null;
    });
    const fresh = linkTokenOf(mails[1]?.text ?? "");
    expect((await login({ email: owner.email, password: owner.password, signInToken: fresh }, here)).status).toBe(200);

    const nobody = newRegistration().email;
    await arrange(dayCounter(nobody), 1000);
    expect(await login({ email: nobody, password: "Mvua-Nyingi-42" }, here)).toEqual({
      status: 401,
      body: { message: SIGN_IN_LINK_MESSAGE },
    });
    expect(await mailsTo(nobody)).toEqual([]);
  });
});
