/**
 * design.md §12.7, small truths, in a browser: the register form's checkbox links to a Terms of Service page of its
 * own; the admin finds a user by last name alone; the admin console shows Nairobi time in a browser set to UTC.
 */
import { readFileSync } from "node:fs";
import { nairobiWallClock } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { openAdminTab, signIn, textbox } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");
/** Letters only, so the last name is one no other test's user starts with. */
const runTag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("the Terms of Service at the %s size", (size, viewport) => {
  test("opens from the register form's checkbox in a new tab, keeps the form as typed, and is readable", async () => {
    const { page, errors, close } = await openPage(browser, viewport);
    try {
      await page.goto(`${webUrl}/register`);
      await textbox(page, "First Name").fill("Achieng");
      const checkbox = page.getByRole("checkbox", {
        name: "I agree to the Terms of Service and understand that investing carries risk",
      });
      const link = page.getByRole("link", { name: "Terms of Service", exact: true });
      expect(await link.getAttribute("href")).toBe("/terms");

      const opened = page.context().waitForEvent("page");
      await link.click();
      const terms = await opened;
      await terms.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
      expect(new URL(terms.url()).pathname).toBe("/terms");
      for (const phrase of [
        "JengaFund is not a bank.",
        "of trial money",
        "can never be withdrawn",
        "paid back automatically into the balance you bought it",
        "registered phone number",
        "support@jengafund.example",
      ]) {
        expect(await terms.getByText(phrase).first().isVisible(), phrase).toBe(true);
      }
      expect(await hasHorizontalScroll(terms)).toBe(false);
      expect(await seriousViolations(terms)).toEqual([]);
      await screenshot(terms, `small-truths-terms-${size}`);
      await terms.close();

      // The form is as it was: what was typed stays, and following the link did not tick the box.
      expect(await textbox(page, "First Name").inputValue()).toBe("Achieng");
      expect(await checkbox.isChecked()).toBe(false);
      // The words around the link still tick it, as a click on the checkbox's text always has.
      await page.getByText("I agree to the Terms of Service").click();
      expect(await checkbox.isChecked()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `small-truths-register-${size}`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

/** The admin console in a browser whose clock is UTC: what it shows must not depend on that. */
async function openAdminInUtc(viewport: { width: number; height: number }) {
  // As openPage does: the built site's service worker is no part of what this test looks at.
  const context = await browser.newContext({ viewport, timezoneId: "UTC", serviceWorkers: "block" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await signIn(page, adminEmail, adminPassword);
  await page.waitForURL(`${webUrl}/admin/overview`);
  return { page, errors, close: () => context.close() };
}

/** "Jan 05, 2026" and "14:05" on Nairobi's clock, worked out here from the instant (UTC+3, no DST). */
function nairobiDateAndTime(iso: string): { date: string; time: string } {
  const wall = nairobiWallClock(new Date(iso));
  const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][
    Number(wall.slice(5, 7)) - 1
  ];
  return { date: `${month} ${wall.slice(8, 10)}, ${wall.slice(0, 4)}`, time: wall.slice(11, 16) };
}

describe("the admin console in a browser set to UTC", () => {
  let investor: Awaited<ReturnType<typeof registerInvestor>>;
  const lastName = `Otieno${runTag}`;
  beforeAll(async () => {
    investor = await registerInvestor(apiUrl, "small-truths", { firstName: "Achieng", lastName });
  });

  async function searchByLastName(page: Page) {
    await openAdminTab(page, "Users", "User Management");
    await page.getByRole("searchbox", { name: "Search users" }).fill(lastName.toLowerCase());
    // The unfiltered first page may list the new investor too (newest first): the count says the search is in.
    await page.getByText("Showing 1 of 1 user", { exact: true }).waitFor();
  }

  test.each([
    ["phone", viewports.phone],
    ["desktop", viewports.desktop],
  ] as const)("finds a user by last name alone at the %s size", async (size, viewport) => {
    const { page, errors, close } = await openAdminInUtc(viewport);
    try {
      await searchByLastName(page);
      expect(await page.getByText(investor.email).first().isVisible()).toBe(true);
      expect(await page.getByText(`Achieng ${lastName}`).first().isVisible()).toBe(true);
      await screenshot(page, `small-truths-user-search-${size}`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test("shows a transaction's time in Nairobi time, saying so, and exports it the same way", async () => {
    const { token } = await apiCall<{ token: string }>(apiUrl, "POST", "/auth/login", {
      email: adminEmail,
      password: adminPassword,
    });
    const query = new URLSearchParams({ page: "1", limit: "10", type: "trial", status: "", search: investor.email });
    const { transactions } = await apiCall<{ transactions: { createdAt: string; reference: string }[] }>(
      apiUrl,
      "GET",
      `/admin/transactions?${query}`,
      undefined,
      token,
    );
    const [trialCredit] = transactions;
    if (!trialCredit) throw new Error("the new investor has no trial credit line");
    const nairobi = nairobiDateAndTime(trialCredit.createdAt);
    const utcTime = trialCredit.createdAt.slice(11, 16);
    expect(nairobi.time).not.toBe(utcTime);

    const { page, errors, close } = await openAdminInUtc(viewports.desktop);
    try {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("UTC");
      await openAdminTab(page, "Transactions", "Transaction Management");
      await page.getByPlaceholder("Search by user or reference...").fill(trialCredit.reference);
      const table = page.getByRole("table", { name: "Transactions" });
      const row = table.getByRole("row").filter({ hasText: trialCredit.reference });
      await row.waitFor();
      expect(await row.getByText(nairobi.date, { exact: true }).isVisible()).toBe(true);
      expect(await row.getByText(nairobi.time, { exact: true }).isVisible()).toBe(true);
      expect(await row.getByText(utcTime, { exact: true }).count()).toBe(0);
      expect(await page.getByText("Times are Nairobi time (EAT, UTC+3)").isVisible()).toBe(true);
      await screenshot(page, "small-truths-transactions-nairobi-desktop");

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export CSV" }).click();
      const file = await (await download).path();
      const [header, line] = readFileSync(file, "utf8").trim().split("\r\n");
      expect(header?.startsWith("Date (EAT),")).toBe(true);
      expect(line?.split(",")[0]).toBe(`${nairobiWallClock(new Date(trialCredit.createdAt)).slice(0, 19)}+03:00`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
