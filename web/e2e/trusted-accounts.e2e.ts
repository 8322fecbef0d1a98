import { generate } from "otplib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { SECURITY_TEXTS } from "../src/features/account/lib/security-texts";
import { AUDIT_ACTION_LABELS, AUDIT_TEXTS } from "../src/features/admin-audit/lib/audit-labels";
import { RECOVERY_TEXTS, TWO_FACTOR_LOGIN_TEXTS } from "../src/features/auth/lib/auth-texts";
import { registerInvestor } from "./support/api";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { newestMailTo } from "./support/mail";
import { openAdminTab, openDashboardTab, setNewPassword, signIn, textbox, toast } from "./support/screens";

/**
 * Accounts you can trust (design.md §11), in Chromium against the whole local stack: a password reset whose email is
 * read from MailDev, two-factor sign-in set up from the Security tile, and the admin console's audit trail.
 */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const mailUrl = inject("mailUrl");
const admin = { email: inject("adminEmail"), password: inject("adminPassword") };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function resetLinkIn(mail: { text: string }): string {
  const link = mail.text.match(/https?:\/\/\S+\/reset-password#token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

/** Asks for a reset link on /forgot-password and returns the confirmation the page shows. */
async function askForResetLink(page: Page, email: string): Promise<string> {
  await page.goto(`${webUrl}/forgot-password`);
  await textbox(page, "Email").fill(email);
  await page.getByRole("button", { name: RECOVERY_TEXTS.sendLink }).click();
  const confirmation = page.getByRole("status").filter({ hasText: RECOVERY_TEXTS.sentTitle });
  await confirmation.waitFor();
  return (await confirmation.textContent()) ?? "";
}

/**
 * The authenticator app's code, `stepsAhead` 30-second steps on: a code counts once, a login takes the current step's
 * only, and a signed-in change one step either side too.
 */
function totp(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

const stepNow = () => Math.floor(Date.now() / 30_000);

/** The app's code of the first step after `usedStep`, waited for: what a login takes after that step's code was used. */
async function codeAfter(secret: string, usedStep: number): Promise<string> {
  while (stepNow() <= usedStep) await new Promise((resolve) => setTimeout(resolve, 250));
  return totp(secret);
}

async function status(path: string, token: string): Promise<number> {
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

describe("password reset by email", () => {
  test("the emailed link sets a new password once, ends old sessions, and unknown emails read the same", async () => {
    const investor = await registerInvestor(apiUrl, "reset", { firstName: "Wanjiku", lastName: "Reset" });
    const { page, errors, close } = await openPage(browser);

    await page.goto(`${webUrl}/login`);
    await page.getByRole("link", { name: RECOVERY_TEXTS.forgotLink }).click();
    await page.waitForURL(`${webUrl}/forgot-password`);
    await page.getByRole("heading", { name: RECOVERY_TEXTS.forgotTitle }).waitFor();
    await screenshot(page, "forgot-password-desktop");

    const forKnown = await askForResetLink(page, investor.email);
    await screenshot(page, "forgot-password-sent-desktop");
    const forUnknown = await askForResetLink(page, `nobody-${Date.now()}@example.com`);
    expect(forUnknown).toBe(forKnown);

    const mail = await newestMailTo(mailUrl, { address: investor.email, subject: "Reset your JengaFund password" });
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${webUrl}/reset-password#token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: RECOVERY_TEXTS.resetTitle }).waitFor();
    // The token left the address bar as the page loaded, and the page asks for no Referer.
    expect(page.url()).toBe(`${webUrl}/reset-password`);
    expect(await page.evaluate(() => document.querySelector('meta[name="referrer"]')?.getAttribute("content"))).toBe(
      "no-referrer",
    );
    await screenshot(page, "reset-password-desktop");
    await setNewPassword(page, "NewSecret456!");
    await page.waitForURL(`${webUrl}/login`);
    await toast(page, RECOVERY_TEXTS.passwordChanged).waitFor();
    // The session from before the reset is over.
    expect(await status("/auth/me", investor.token)).toBe(401);

    await signIn(page, investor.email, investor.password);
    await toast(page, "Invalid email or password").waitFor();
    await signIn(page, investor.email, "NewSecret456!");
    await page.waitForURL(`${webUrl}/dashboard/packages`);

    // The link works once.
    const second = await openPage(browser);
    await second.page.goto(link);
    await setNewPassword(second.page, "Another789!");
    await second.page.getByRole("alert").filter({ hasText: "invalid or has expired" }).waitFor();
    await second.page.getByRole("link", { name: RECOVERY_TEXTS.requestNewLink }).waitFor();
    await screenshot(second.page, "reset-link-used-desktop");
    await second.close();

    expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
    await close();
  });
});

describe("two-factor sign-in", () => {
  test("set up from the Security tile with the QR code's key, then asked for at sign-in", async () => {
    const investor = await registerInvestor(apiUrl, "totp", { firstName: "Otieno", lastName: "Totp" });
    const { page, errors, close } = await openPage(browser);
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await openDashboardTab(page, "Account", "My Account");

    await page.getByRole("button", { name: new RegExp(`^${SECURITY_TEXTS.title}`) }).click();
    const dialog = page.getByRole("dialog", { name: SECURITY_TEXTS.title });
    await dialog.getByText(SECURITY_TEXTS.explainOff).waitFor();
    await dialog.getByRole("button", { name: SECURITY_TEXTS.turnOn }).click();
    await dialog.getByRole("img", { name: SECURITY_TEXTS.qrAlt }).waitFor();
    await screenshot(page, "security-setup-desktop", { fullPage: false });
    const secret = ((await dialog.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await dialog.getByRole("textbox", { name: SECURITY_TEXTS.passwordLabel, exact: true }).fill(investor.password);
    const enableCode = await totp(secret);
    // Read after the code was made: its step, or a later one.
    const enabledStep = stepNow();
    await textbox(page, SECURITY_TEXTS.codeLabel).fill(enableCode);
    await dialog.getByRole("button", { name: SECURITY_TEXTS.confirmOn }).click();
    await dialog.getByText(`${SECURITY_TEXTS.enabled} ${SECURITY_TEXTS.otherSessionsEnded}`).waitFor();
    // The recovery codes are shown once (design.md §12.2; web/e2e/sessions.e2e.ts goes through them).
    await dialog.getByRole("button", { name: SECURITY_TEXTS.codesSaved }).click();
    await dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: `${SECURITY_TEXTS.title} ${SECURITY_TEXTS.tileOn}` }).waitFor();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${webUrl}/`);
    await signIn(page, investor.email, investor.password);
    const code = textbox(page, TWO_FACTOR_LOGIN_TEXTS.codeLabel);
    await code.waitFor();
    // A full keyboard, not a number pad: a recovery code (xxxxx-xxxxx) may stand in for the app's digits.
    expect(await code.getAttribute("inputmode")).toBeNull();
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    await screenshot(page, "login-code-desktop");

    await code.fill("000000");
    await page.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify }).click();
    await page.getByText(/That code is not right/).waitFor();
    // The code that turned it on was its step's; a login takes the current step's code only, so the next one.
    await code.fill(await codeAfter(secret, enabledStep));
    await page.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify }).click();
    await page.waitForURL(`${webUrl}/dashboard/packages`);

    expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
    await close();
  });
});

describe("audit trail", () => {
  test("an admin's deactivation and credit appear on the Audit tab with the admin, the change and the reason", async () => {
    const investor = await registerInvestor(apiUrl, "audit", { firstName: "Audit", lastName: `Subject${Date.now()}` });
    const reason = `Goodwill credit for the audit test ${Date.now()}`;
    const { page, errors, close } = await openPage(browser);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(`${webUrl}/admin/overview`);
    const { user: adminUser } = await page.evaluate(async () => {
      const response = await fetch("/api/auth/me", {
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
      });
      return (await response.json()) as { user: { firstName: string; lastName: string } };
    });

    await openAdminTab(page, "Users", "User Management");
    await page.getByRole("searchbox", { name: "Search users" }).fill(investor.email);
    const row = page.getByRole("row").filter({ hasText: investor.email });
    await row.getByRole("button", { name: "Adjust balance" }).click();
    const adjust = page.getByRole("dialog", { name: "Adjust Balance" });
    await adjust.getByRole("spinbutton", { name: "Amount (KES)" }).fill("40");
    await adjust.getByRole("combobox", { name: "Type" }).selectOption("credit");
    await adjust.getByRole("textbox", { name: "Reason" }).fill(reason);
    await adjust.getByRole("button", { name: "Adjust Balance" }).click();
    await toast(page, "Balance credited successfully").waitFor();
    await row.getByRole("button", { name: "Deactivate" }).click();
    await toast(page, "User deactivated successfully").waitFor();

    await openAdminTab(page, "Audit", AUDIT_TEXTS.title);
    await page.getByRole("searchbox", { name: AUDIT_TEXTS.searchLabel }).fill(investor.email);
    const table = page.getByRole("table", { name: "Audit entries" });
    await expect.poll(() => table.getByRole("row").count()).toBe(3);
    const [newest, older] = [table.getByRole("row").nth(1), table.getByRole("row").nth(2)];
    await newest.getByText(AUDIT_ACTION_LABELS["user.status"]).waitFor();
    await newest.getByText("Active: Yes → No").waitFor();
    await older.getByText(AUDIT_ACTION_LABELS["user.balance"]).waitFor();
    await older.getByText(`Reason: ${reason}`).waitFor();
    for (const entry of [newest, older]) {
      await entry.getByText(`${adminUser.firstName} ${adminUser.lastName}`).waitFor();
      await entry.getByText(investor.email).waitFor();
    }
    await screenshot(page, "admin-audit-desktop");

    await page.getByRole("combobox", { name: AUDIT_TEXTS.actionLabel }).selectOption("user.balance");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);

    await page.setViewportSize(viewports.phone);
    await page.getByRole("list", { name: "Audit entries" }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, "phone-admin-audit");

    expect(errors).toEqual([]);
    await close();
  });

  test("investors get no Audit tab, and the API refuses them the audit trail", async () => {
    const investor = await registerInvestor(apiUrl, "no-audit");
    expect(await status("/admin/audit", investor.token)).toBe(403);
    const { page, close } = await openPage(browser);
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await page.goto(`${webUrl}/admin/audit`);
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    expect(await page.getByRole("link", { name: "Audit" }).count()).toBe(0);
    await close();
  });
});

describe("at a phone's width", () => {
  test("the recovery pages fit 360 px", async () => {
    const { page, close } = await openPage(browser, viewports.phone);
    await page.goto(`${webUrl}/forgot-password`);
    await page.getByRole("button", { name: RECOVERY_TEXTS.sendLink }).waitFor();
    await screenshot(page, "phone-forgot-password");
    await page.goto(`${webUrl}/reset-password`);
    await page.getByText(RECOVERY_TEXTS.missingToken).waitFor();
    await screenshot(page, "phone-reset-password-no-token");
    await page.goto(`${webUrl}/reset-password#token=some-token`);
    await page.getByRole("button", { name: RECOVERY_TEXTS.savePassword }).waitFor();
    await screenshot(page, "phone-reset-password");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await close();
  });
});
