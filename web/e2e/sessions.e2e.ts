import { readFile } from "node:fs/promises";
import { generate } from "otplib";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { SECURITY_TEXTS } from "../src/features/account/lib/security-texts";
import { RECOVERY_CODES_LEFT_TEXTS, TWO_FACTOR_LOGIN_TEXTS } from "../src/features/auth/lib/auth-texts";
import { registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { mailsTo, newestMailTo } from "./support/mail";
import { openDashboardTab, signIn, textbox, toast } from "./support/screens";

/**
 * Sessions that end on the server and a second factor that holds (design.md §12.2), in Chromium against the whole
 * local stack: Logout ends the token itself, turning on two-factor sign-in takes the password and hands out recovery
 * codes once, a recovery code signs in in place of the app's code, and "Sign out of all devices" ends a session in
 * another browser. The security notices these send are read from MailDev.
 */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const mailUrl = inject("mailUrl");

/** The subjects of the security notices read here (functions/src/mail/templates.ts). */
const TWO_FACTOR_ON_SUBJECT = "JengaFund: two-factor sign-in was turned on";
const RECOVERY_CODE_USED_SUBJECT = "JengaFund: a recovery code was used to sign in";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The longer journeys click through many screens and run axe several times: a busy machine needs minutes. */
const LONG_JOURNEY_MS = 240_000;

/** The authenticator app's code, `stepsAhead` 30-second steps on (a code counts once; a signed-in change takes ±1 step). */
function totp(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** What the API answers a token now, as anyone holding a copy of it would see. */
async function meStatus(token: string): Promise<number> {
  return (await fetch(`${apiUrl}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;
}

/** A sign-in straight to the API with a second factor, as an attacker with the password would try it. */
async function loginStatus(email: string, password: string, otp: string): Promise<number> {
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, otp }),
  });
  return response.status;
}

/**
 * What every security notice's plain text says (design.md §12.2): when, in Nairobi time, and from which address; and
 * its only link is the forgot-password page, never one that signs anyone in.
 */
function expectNoticeBasics(text: string): void {
  expect(text).toMatch(/^When: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Nairobi time\)$/m);
  expect(text).toMatch(/^From address: [0-9a-fA-F.:]+$/m);
  // A link in running text may be followed by a colon or a full stop; that is not part of it.
  const links = (text.match(/https?:\/\/\S+/g) ?? []).map((link) => link.replace(/[.,:;]+$/, ""));
  expect(links.length).toBeGreaterThan(0);
  expect(new Set(links)).toEqual(new Set([`${webUrl}/forgot-password`]));
}

function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem("token") ?? "");
}

/** Runs axe where the page stands; every finding is kept under `name`, so one run reports all of them. */
async function audit(page: Page, findings: Record<string, string[]>, name: string): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length > 0) findings[name] = found;
}

async function openSecurity(page: Page): Promise<Locator> {
  await openDashboardTab(page, "Account", "My Account");
  await page.getByRole("button", { name: new RegExp(`^${SECURITY_TEXTS.title}`) }).click();
  const dialog = page.getByRole("dialog", { name: SECURITY_TEXTS.title });
  await dialog.getByRole("heading", { name: SECURITY_TEXTS.heading }).waitFor();
  return dialog;
}

/** The password field of the open form; a password input is a textbox to Playwright, named by its label. */
function passwordField(dialog: Locator): Locator {
  return dialog.getByRole("textbox", { name: SECURITY_TEXTS.passwordLabel, exact: true });
}

async function recoveryCodesShown(dialog: Locator): Promise<string[]> {
  const list = dialog.getByRole("list", { name: SECURITY_TEXTS.codesListLabel });
  await list.waitFor();
  return (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
}

/** Signs in through the form with `code` at the second step; resolves with the status the API gave that step. */
async function signInWithSecondFactor(page: Page, email: string, password: string, code: string): Promise<number> {
  await signIn(page, email, password);
  const field = textbox(page, TWO_FACTOR_LOGIN_TEXTS.codeLabel);
  await field.waitFor();
  await field.fill(code);
  expect(await field.inputValue()).toBe(code);
  const answer = page.waitForResponse(
    (response) => response.url().endsWith("/api/auth/login") && (response.request().postData() ?? "").includes('"otp"'),
  );
  await page.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify }).click();
  return (await answer).status();
}

describe("logout", () => {
  test("ends the token on the server: a copy of it is refused afterwards, and the browser keeps its id", async () => {
    const investor = await registerInvestor(apiUrl, "logout", { firstName: "Wanjiku", lastName: "Logout" });
    const { page, errors, close } = await openPage(browser);
    const firstCall = page.waitForRequest((request) => request.url().startsWith(`${webUrl}/api/`));
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);

    // Every call carries the browser's own id (design.md §12.2), the sign-in's included.
    const deviceId = await page.evaluate(() => localStorage.getItem("deviceId"));
    expect(deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await firstCall).headers()["x-device-id"]).toBe(deviceId);

    const token = await storedToken(page);
    expect(await meStatus(token)).toBe(200);
    const logoutCall = page.waitForRequest(
      (request) => request.url().endsWith("/api/auth/logout") && request.method() === "POST",
    );
    await page.getByRole("button", { name: "Logout" }).click();
    const sent = await logoutCall;
    expect(sent.headers().authorization).toBe(`Bearer ${token}`);
    expect((await sent.response())?.status()).toBe(204);
    await page.waitForURL(`${webUrl}/`);
    await toast(page, "Logged out successfully").waitFor();

    expect(await storedToken(page)).toBe("");
    expect(await meStatus(token)).toBe(401);
    // The session the registration opened is another one, and stays until it ends on its own.
    expect(await meStatus(investor.token)).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem("deviceId"))).toBe(deviceId);

    expect(errors).toEqual([]);
    await close();
  });
});

describe("two-factor sign-in with recovery codes", () => {
  test(
    "turned on with the password, codes shown once with Copy and Download, then a code signs in once",
    async () => {
      const investor = await registerInvestor(apiUrl, "recovery", { firstName: "Kamau", lastName: "Recovery" });
      const findings: Record<string, string[]> = {};
      const { page, errors, close } = await openPage(browser);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: webUrl });
      await signIn(page, investor.email, investor.password);
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      const dialog = await openSecurity(page);

      await dialog.getByRole("button", { name: SECURITY_TEXTS.turnOn }).click();
      await dialog.getByRole("img", { name: SECURITY_TEXTS.qrAlt }).waitFor();
      const secret = ((await dialog.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
      await expect.poll(() => passwordField(dialog).evaluate((field) => field === document.activeElement)).toBe(true);
      await audit(page, findings, "setup form, desktop");

      // A wrong password (and code) is the server's refusal, shown in the dialog; nothing changes.
      await passwordField(dialog).fill("not-my-password");
      await textbox(page, SECURITY_TEXTS.codeLabel).fill("000000");
      await dialog.getByRole("button", { name: SECURITY_TEXTS.confirmOn }).click();
      await dialog.getByRole("alert").waitFor();
      await screenshot(page, "sessions-wrong-password-desktop", { fullPage: false });
      expect(await dialog.getByRole("list", { name: SECURITY_TEXTS.codesListLabel }).count()).toBe(0);
      // Nor did it end the account's other sessions.
      expect(await meStatus(investor.token)).toBe(200);

      await passwordField(dialog).fill(investor.password);
      await textbox(page, SECURITY_TEXTS.codeLabel).fill(await totp(secret));
      await dialog.getByRole("button", { name: SECURITY_TEXTS.confirmOn }).click();
      const codes = await recoveryCodesShown(dialog);
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      expect(new Set(codes).size).toBe(10);
      await dialog.getByText(SECURITY_TEXTS.codesShownOnce).waitFor();
      await dialog.getByText(`${SECURITY_TEXTS.enabled} ${SECURITY_TEXTS.otherSessionsEnded}`).waitFor();

      // The owner's inbox has the notice: what happened, when and from where, and none of the codes.
      const turnedOn = await newestMailTo(mailUrl, { address: investor.email, subject: TWO_FACTOR_ON_SUBJECT });
      expect(turnedOn.subject).toBe(TWO_FACTOR_ON_SUBJECT);
      expect(turnedOn.text).toContain("Hello Kamau, two-factor sign-in was turned on for your JengaFund account");
      expectNoticeBasics(turnedOn.text);
      for (const code of codes) expect(turnedOn.text).not.toContain(code);

      // Turning it on ended the account's other sessions (the registration's), not this one.
      expect(await meStatus(investor.token)).toBe(401);
      expect(await meStatus(await storedToken(page))).toBe(200);

      await dialog.getByRole("button", { name: SECURITY_TEXTS.copyCodesLabel }).click();
      await toast(page, SECURITY_TEXTS.codesCopied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${codes.join("\n")}\n`);

      const download = page.waitForEvent("download");
      await dialog.getByRole("button", { name: SECURITY_TEXTS.downloadCodesLabel }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(SECURITY_TEXTS.codesFileName);
      const text = await readFile(await file.path(), "utf8");
      expect(text).toContain(investor.email);
      for (const code of codes) expect(text).toContain(code);

      await screenshot(page, "sessions-recovery-codes-desktop", { fullPage: false });
      await audit(page, findings, "recovery codes, desktop");
      await page.setViewportSize(viewports.phone);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, "sessions-recovery-codes-phone", { fullPage: false });
      await audit(page, findings, "recovery codes, phone");
      await page.setViewportSize(viewports.desktop);

      await dialog.getByRole("button", { name: SECURITY_TEXTS.codesSaved }).click();
      await dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff }).waitFor();
      expect(await dialog.getByText(codes[0] ?? "").count()).toBe(0);

      // New codes (password and the app's next code): the old ones stop working.
      await dialog.getByRole("button", { name: SECURITY_TEXTS.regenerate }).click();
      await passwordField(dialog).fill(investor.password);
      await textbox(page, SECURITY_TEXTS.codeOrRecoveryLabel).fill(await totp(secret, 1));
      await audit(page, findings, "regenerate form, desktop");
      await dialog.getByRole("button", { name: SECURITY_TEXTS.confirmRegenerate }).click();
      const fresh = await recoveryCodesShown(dialog);
      await dialog.getByText(SECURITY_TEXTS.regenerated).waitFor();
      expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
      expect(await loginStatus(investor.email, investor.password, codes[0] ?? "")).toBe(401);
      await dialog.getByRole("button", { name: SECURITY_TEXTS.codesSaved }).click();
      await dialog.getByRole("button", { name: "Close" }).click();
      await page.getByRole("button", { name: `${SECURITY_TEXTS.title} ${SECURITY_TEXTS.tileOn}` }).waitFor();

      // Signed out, then in again with a recovery code in place of the app's code, typed as shown.
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${webUrl}/`);
      const recovery = fresh[3] ?? "";
      expect(await signInWithSecondFactor(page, investor.email, investor.password, recovery.toUpperCase())).toBe(200);
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      // The sign-in says how many codes are left; with nine, nothing more.
      await toast(page, "You have 9 recovery codes left", { exact: true }).waitFor();
      expect(
        await page.locator(".Toastify").getByRole("link", { name: RECOVERY_CODES_LEFT_TEXTS.makeNew }).count(),
      ).toBe(0);
      const recoveryUsed = await newestMailTo(mailUrl, {
        address: investor.email,
        subject: RECOVERY_CODE_USED_SUBJECT,
      });
      expect(recoveryUsed.subject).toBe(RECOVERY_CODE_USED_SUBJECT);
      expect(recoveryUsed.text).toContain(
        "Hello Kamau, one of your recovery codes was used in place of an authenticator",
      );
      expectNoticeBasics(recoveryUsed.text);
      expect(recoveryUsed.text.toLowerCase()).not.toContain(recovery);

      // Each code works once.
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${webUrl}/`);
      expect(await signInWithSecondFactor(page, investor.email, investor.password, recovery)).toBe(401);
      await page.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify }).waitFor();
      expect(page.url()).toBe(`${webUrl}/login`);
      expect(await storedToken(page)).toBe("");
      // A refused code tells nobody it was used: still the one notice.
      expect(await mailsTo(mailUrl, { address: investor.email, subject: RECOVERY_CODE_USED_SUBJECT })).toHaveLength(1);

      // Down to three: the notice asks for new codes and stays, and its link opens Account → Security.
      for (const code of fresh.slice(4, 9))
        expect(await loginStatus(investor.email, investor.password, code)).toBe(200);
      expect(await signInWithSecondFactor(page, investor.email, investor.password, fresh[9] ?? "")).toBe(200);
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      await toast(page, "You have 3 recovery codes left", { exact: true }).waitFor();
      const makeNew = page.locator(".Toastify").getByRole("link", { name: RECOVERY_CODES_LEFT_TEXTS.makeNew });
      await screenshot(page, "sessions-recovery-codes-left-desktop", { fullPage: false });
      await audit(page, findings, "recovery codes left, desktop");
      await page.setViewportSize(viewports.phone);
      await screenshot(page, "sessions-recovery-codes-left-phone", { fullPage: false });
      await audit(page, findings, "recovery codes left, phone");
      await makeNew.click();
      await page.waitForURL(`${webUrl}/dashboard/account#security`);
      const security = page.getByRole("dialog", { name: SECURITY_TEXTS.title });
      await security.getByRole("button", { name: SECURITY_TEXTS.regenerate }).waitFor();
      await security.getByRole("button", { name: "Close" }).click();
      await page.waitForURL(`${webUrl}/dashboard/account`);
      await page.setViewportSize(viewports.desktop);

      expect(findings).toEqual({});
      expect(errors.filter((error) => !error.includes("401") && !error.includes("400"))).toEqual([]);
      await close();
    },
    LONG_JOURNEY_MS,
  );
});

describe("sign out of all devices", () => {
  test(
    "asks first, then ends the session in another browser too and lands on the login page",
    async () => {
      const investor = await registerInvestor(apiUrl, "everywhere", { firstName: "Njeri", lastName: "Everywhere" });
      const findings: Record<string, string[]> = {};
      const laptop = await openPage(browser);
      await signIn(laptop.page, investor.email, investor.password);
      await laptop.page.waitForURL(`${webUrl}/dashboard/packages`);
      const laptopToken = await storedToken(laptop.page);

      const phone = await openPage(browser, viewports.phone);
      await signIn(phone.page, investor.email, investor.password);
      await phone.page.waitForURL(`${webUrl}/dashboard/packages`);
      const dialog = await openSecurity(phone.page);
      await dialog.getByRole("button", { name: SECURITY_TEXTS.signOutEverywhere }).click();
      const question = dialog.getByRole("heading", { name: SECURITY_TEXTS.signOutConfirmTitle });
      await question.waitFor();
      await expect.poll(() => question.evaluate((heading) => heading === document.activeElement)).toBe(true);
      expect(await hasHorizontalScroll(phone.page)).toBe(false);
      await screenshot(phone.page, "sessions-sign-out-everywhere-phone", { fullPage: false });
      await audit(phone.page, findings, "sign out everywhere, phone");
      await phone.page.setViewportSize(viewports.desktop);
      await audit(phone.page, findings, "sign out everywhere, desktop");

      // Cancelling sends nothing: the laptop is still signed in.
      await dialog.getByRole("button", { name: SECURITY_TEXTS.cancel }).click();
      await dialog.getByRole("button", { name: SECURITY_TEXTS.signOutEverywhere }).waitFor();
      expect(await meStatus(laptopToken)).toBe(200);

      await dialog.getByRole("button", { name: SECURITY_TEXTS.signOutEverywhere }).click();
      await dialog.getByRole("button", { name: SECURITY_TEXTS.confirmSignOut }).click();
      await phone.page.waitForURL(`${webUrl}/login`);
      await toast(phone.page, SECURITY_TEXTS.signedOutEverywhere).waitFor();
      expect(await storedToken(phone.page)).toBe("");

      expect(await meStatus(laptopToken)).toBe(401);
      expect(await meStatus(investor.token)).toBe(401);
      // The laptop finds out at its next call: its session is gone and it is sent to sign in.
      await laptop.page.goto(`${webUrl}/dashboard/account`);
      await laptop.page.waitForURL(`${webUrl}/login`);

      expect(findings).toEqual({});
      // A read the phone had in flight as its session ended may be answered 401; that is the end it asked for.
      expect(phone.errors.filter((error) => !error.includes("401"))).toEqual([]);
      expect(laptop.errors.filter((error) => !error.includes("401"))).toEqual([]);
      await phone.close();
      await laptop.close();
    },
    LONG_JOURNEY_MS,
  );
});
