import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { investorPassword, registerInvestor, uniqueContact } from "./support/api";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { currentUser, fillRegistration, type NewInvestor, signIn, textbox } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function newInvestor(label: string): NewInvestor {
  return { firstName: "Test", lastName: label, ...uniqueContact(label.toLowerCase()) };
}

async function signInSuccessfully(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await page.getByText("Login successful!").waitFor();
}

let browser: Browser;
let firstReferralCode: string;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("sign-up, sign-out and sign-in", () => {
  test("a new investor registers, sees the trial balance, logs out and signs in again", async () => {
    const { page, errors, close } = await openPage(browser);
    const investor = newInvestor("First");

    await page.goto(webUrl);
    // The app starts after the page's first paint, so the load event can come before it has drawn anything.
    const getStarted = page.getByRole("link", { name: "Get Started" });
    await getStarted.waitFor();
    await screenshot(page, "landing-desktop");
    await getStarted.click();
    await page.waitForURL(`${webUrl}/register`);
    await fillRegistration(page, investor);
    await screenshot(page, "register-desktop");
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.getByText("Registration successful! Welcome to JengaFund!").waitFor();
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await page.getByRole("heading", { name: "Investment Packages" }).waitFor();
    const header = page.getByRole("banner");
    await header.getByText("KES 1,000.00").waitFor();
    expect(await header.getByText("Trial", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`${investor.firstName} ${investor.lastName}`).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);
    await screenshot(page, "dashboard-desktop");
    firstReferralCode = (await currentUser(page)).referralCode;

    await page.getByRole("button", { name: "Deposit" }).click();
    await page.getByRole("dialog", { name: "Deposit Funds" }).waitFor();
    await screenshot(page, "deposit-dialog-desktop");
    await page.getByRole("button", { name: "Close" }).first().click();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("Logged out successfully").waitFor();
    await page.waitForURL(`${webUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await signInSuccessfully(page, investor.email, investorPassword);
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await screenshot(page, "login-success-desktop");
    expect(errors).toEqual([]);
    await close();
  });

  test("a referral link pre-fills the code, shows the bonus hint and registers the friend", async () => {
    expect(firstReferralCode).toBeTruthy();
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${webUrl}/register?ref=${firstReferralCode}`);
    expect(await textbox(page, "Referral Code (optional)").inputValue()).toBe(firstReferralCode);
    await page.getByText("Referral code applied").waitFor();

    await fillRegistration(page, newInvestor("Friend"));
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Registration successful! Welcome to JengaFund!").waitFor();
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    expect(errors).toEqual([]);
    await close();
  });

  test("the referral code is checked as it is typed: an unknown one blocks Create Account, a real one shows the bonus hint", async () => {
    const referrer = await registerInvestor(apiUrl, "Referrer");
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${webUrl}/register`);
    await fillRegistration(page, newInvestor("Typist"));
    const code = textbox(page, "Referral Code (optional)");
    const createAccount = page.getByRole("button", { name: "Create Account" });

    await code.fill("NOSUCH99");
    await page.getByText("Invalid referral code").waitFor();
    expect(await createAccount.isDisabled()).toBe(true);
    expect(await page.getByText("Referral code applied").count()).toBe(0);

    await code.fill(referrer.user.referralCode.toLowerCase());
    await page.getByText("Referral code applied").waitFor();
    expect(await page.getByText("Invalid referral code").count()).toBe(0);
    expect(await createAccount.isEnabled()).toBe(true);
    await createAccount.click();
    await page.getByText("Registration successful! Welcome to JengaFund!").waitFor();
    // The unknown code's 404 is the browser's own console line for a failed request, not an error of the app.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await close();
  });

  test("the admin signs in to the admin overview and can switch to the user view", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInSuccessfully(page, inject("adminEmail"), inject("adminPassword"));
    await page.waitForURL(`${webUrl}/admin/overview`);
    await page.getByRole("heading", { name: "Platform Overview" }).waitFor();
    const adminPanel = page.getByRole("link", { name: "Admin Panel" });
    expect(await adminPanel.getAttribute("aria-current")).toBe("page");
    await screenshot(page, "admin-desktop");

    await page.getByRole("link", { name: "User View" }).click();
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    expect(await page.getByRole("link", { name: "User View" }).getAttribute("aria-current")).toBe("page");
    expect(await adminPanel.getAttribute("aria-current")).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });
});

describe("access", () => {
  test("a signed-out visit to /dashboard goes to /login", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${webUrl}/dashboard/referrals`);
    await page.waitForURL(`${webUrl}/login`);
    await close();
  });

  test("a failed sign-in shows the server's message and stays on /login", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${webUrl}/login`);
    await textbox(page, "Email").fill(`nobody-${runId}@example.com`);
    await textbox(page, "Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.locator(".Toastify__toast--error").waitFor();
    expect(page.url()).toBe(`${webUrl}/login`);
    await close();
  });
});

describe("a 360 px phone", () => {
  test.each(["/", "/login", "/register"])("%s has no horizontal scroll", async (path) => {
    const { page, close } = await openPage(browser, viewports.phone);
    await page.goto(`${webUrl}${path}`);
    await page.getByRole("main").waitFor();
    await screenshot(page, `phone${path === "/" ? "-landing" : path.replace("/", "-")}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await close();
  });

  test("the dashboard has no horizontal scroll, for an investor and an admin", async () => {
    const { page, close } = await openPage(browser, viewports.phone);
    await signInSuccessfully(page, inject("adminEmail"), inject("adminPassword"));
    await page.waitForURL(`${webUrl}/admin/overview`);
    await page.getByRole("heading", { name: "Platform Overview" }).waitFor();
    await screenshot(page, "phone-admin");
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole("link", { name: "User View" }).click();
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await page.getByRole("heading", { name: "Investment Packages" }).waitFor();
    await screenshot(page, "phone-dashboard");
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole("button", { name: "Deposit" }).click();
    await page.getByRole("dialog", { name: "Deposit Funds" }).waitFor();
    await screenshot(page, "phone-deposit-dialog");
    await close();
  });
});
