import type { Page } from "playwright-core";
import { inject } from "vitest";
import { RECOVERY_TEXTS } from "../../src/features/auth/lib/auth-texts";
import { investorPassword } from "./api";

/**
 * Steps through the web app's own screens that several journeys share: finding fields and toasts, signing up and
 * in, and moving between tabs.
 */
const webUrl = inject("webUrl");

/** Inputs by accessible name; the visual required asterisk is aria-hidden, so it is not part of the name. */
export function textbox(page: Page, name: string) {
  return page.getByRole("textbox", { name, exact: true });
}

/** Toasts only: the same words can also appear in a dialog's own text. */
export function toast(page: Page, text: string | RegExp, { exact }: { exact?: boolean } = {}) {
  return page.locator(".Toastify").getByText(text, { exact });
}

export interface NewInvestor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Fills the sign-up form and ticks the terms, leaving the submit to the test. */
export async function fillRegistration(page: Page, investor: NewInvestor) {
  await textbox(page, "First Name").fill(investor.firstName);
  await textbox(page, "Last Name").fill(investor.lastName);
  await textbox(page, "Email").fill(investor.email);
  await textbox(page, "Phone Number").fill(investor.phone);
  await textbox(page, "Password").fill(investorPassword);
  await textbox(page, "Confirm Password").fill(investorPassword);
  await page.getByText("I agree to the Terms of Service").click();
}

/** Signs up through the form and waits for the dashboard a new investor lands on. */
export async function registerThroughTheForm(page: Page, investor: NewInvestor) {
  await page.goto(`${webUrl}/register`);
  await fillRegistration(page, investor);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(`${webUrl}/dashboard/packages`);
  // Its toast is on screen before the test goes on: on a busy machine it could otherwise appear later, among the
  // toasts a test counts.
  await page
    .locator(".Toastify__toast")
    .filter({ hasText: "Registration successful! Welcome to JengaFund!" })
    .waitFor();
}

/** Closes every toast, so the next wait sees only new ones (and none covers the header's buttons). */
export async function dismissToasts(page: Page) {
  await page.locator(".Toastify__close-button").evaluateAll((buttons) => {
    for (const button of buttons) (button as HTMLElement).click();
  });
  await page.waitForFunction(() => document.querySelector(".Toastify__toast") === null);
}

/** Submits the sign-in form; where the app goes next depends on the role, so the test waits for it. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${webUrl}/login`);
  await textbox(page, "Email").fill(email);
  await textbox(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The signed-in user, read from the API the way the app itself does. */
export function currentUser(page: Page): Promise<{ _id: string; referralCode: string }> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/me", {
      headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return ((await response.json()) as { user: { _id: string; referralCode: string } }).user;
  });
}

async function openTab(page: Page, navigation: string, label: string | RegExp, heading: string) {
  await page.getByRole("navigation", { name: navigation }).getByRole("link", { name: label }).click();
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

export function openDashboardTab(page: Page, label: string, heading: string) {
  return openTab(page, "Dashboard", label, heading);
}

export function openAdminTab(page: Page, label: string | RegExp, heading: string) {
  return openTab(page, "Admin Panel", label, heading);
}

/** Fills the reset page's form (the link from a reset mail, or an operator's link for a new admin) and saves. */
export async function setNewPassword(page: Page, password: string) {
  await textbox(page, RECOVERY_TEXTS.newPassword).fill(password);
  await textbox(page, "Confirm Password").fill(password);
  await page.getByRole("button", { name: RECOVERY_TEXTS.savePassword }).click();
}
