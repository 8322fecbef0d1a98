/**
 * A new package waits for a second admin (design.md §13.1), in the browser at 1280 and 360 px: one admin adds it and
 * sees it waiting on the Approvals tab, investors do not see it, the seeded second admin approves it there, and then
 * investors see it on their Packages tab. Screenshots of each screen; no sideways scrolling; axe clean.
 */
import { PACKAGE_CHANGE_MESSAGES } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, listPackages, type RegisteredInvestor, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { openAdminTab, signIn, toast } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const PANEL_HEADING = "Package Changes";

/** Waits for a toast and closes it, so it covers nothing in the next screenshot. */
async function expectToast(page: Page, text: string) {
  const shown = toast(page, text);
  await shown.waitFor();
  await shown.locator(".Toastify__close-button").dispatchEvent("click");
  await shown.waitFor({ state: "detached" });
}

/** The change's row of the table (wide screens) or its card (phones). */
function changeEntry(page: Page, name: string) {
  return page.locator("tr, li").filter({ hasText: name });
}

/** The whole page, checked: nothing wider than the screen, no serious axe finding. */
async function looksRight(page: Page, shot: string) {
  expect(await hasHorizontalScroll(page)).toBe(false);
  await screenshot(page, shot);
  expect(await seriousViolations(page)).toEqual([]);
}

let browser: Browser;
let investor: RegisteredInvestor;

beforeAll(async () => {
  browser = await launchBrowser();
  investor = await registerInvestor(apiUrl, "package-approvals", { firstName: "Akinyi", lastName: `Pkg${runId}` });
});

afterAll(async () => {
  await browser?.close();
  // The files share one table: investor.e2e.ts counts the seeded packages on the Packages tab, so the approved ones
  // made here go again, whichever file runs first.
  if (!investor) return;
  const { token } = await apiCall<{ token: string }>(apiUrl, "POST", "/auth/login", {
    email: inject("adminEmail"),
    password: inject("adminPassword"),
  });
  const made = (await listPackages(apiUrl, investor.token)).filter((pkg) =>
    (pkg as { name?: string }).name?.includes(runId),
  );
  for (const pkg of made) await apiCall(apiUrl, "DELETE", `/admin/packages/${pkg._id}`, undefined, token);
});

describe("a new package reaches investors only once a second admin approves it", () => {
  test.each([
    ["desktop", viewports.desktop],
    ["phone", viewports.phone],
  ] as const)(
    "at %s width",
    async (label, viewport) => {
      const name = `Geo ${label} ${runId}`;

      // The first admin adds the package: it is sent for approval and waits, undecidable by them.
      const maker = await openPage(browser, viewport);
      await signIn(maker.page, inject("adminEmail"), inject("adminPassword"));
      await maker.page.waitForURL(`${webUrl}/admin/overview`);
      await openAdminTab(maker.page, "Packages", "Package Management");
      await maker.page.getByRole("button", { name: "Add Package" }).click();
      const form = maker.page.getByRole("dialog", { name: "Add Package" });
      await form.getByRole("textbox", { name: "Package Name" }).fill(name);
      await form.getByRole("textbox", { name: "Company" }).fill("KenGen");
      await form.getByRole("textbox", { name: "Description" }).fill("Geothermal wells in the Rift Valley.");
      await form.getByRole("spinbutton", { name: "Price (KES)" }).fill("750");
      await form.getByRole("textbox", { name: "Image URL" }).fill("/images/packages/kengen.svg");
      await screenshot(maker.page, `package-approvals-form-${label}`, { fullPage: false });
      await form.getByRole("button", { name: "Create Package" }).click();
      await expectToast(maker.page, PACKAGE_CHANGE_MESSAGES.sentForApproval);
      await form.waitFor({ state: "detached" });

      await openAdminTab(maker.page, /^Approvals \d+ pending$/, PANEL_HEADING);
      const waiting = changeEntry(maker.page, name);
      await waiting.getByText("Waiting for another admin").waitFor();
      await waiting.getByText("New package").waitFor();
      await waiting.getByText("KES 750.00").waitFor();
      expect(await maker.page.getByRole("button", { name: `Process package change of ${name}` }).count()).toBe(0);
      await looksRight(maker.page, `package-approvals-maker-${label}`);
      expect(maker.errors).toEqual([]);
      await maker.close();

      // Investors do not see it yet.
      const buyer = await openPage(browser, viewport);
      await signIn(buyer.page, investor.email, investor.password);
      await buyer.page.waitForURL(`${webUrl}/dashboard/packages`);
      await buyer.page.getByRole("heading", { level: 2 }).first().waitFor();
      expect(await buyer.page.getByRole("heading", { name }).count()).toBe(0);

      // The seeded second admin approves it on the Approvals tab.
      const approver = await openPage(browser, viewport);
      await signIn(approver.page, inject("secondAdminEmail"), inject("secondAdminPassword"));
      await approver.page.waitForURL(`${webUrl}/admin/overview`);
      await openAdminTab(approver.page, /^Approvals \d+ pending$/, PANEL_HEADING);
      await approver.page.getByRole("combobox", { name: "Changes" }).selectOption("pending");
      await approver.page.getByRole("button", { name: `Process package change of ${name}` }).click();
      const dialog = approver.page.getByRole("dialog", { name: "Process Package Change" });
      await dialog.getByText("KES 750.00").waitFor();
      await dialog.getByText("Approve", { exact: true }).click();
      expect(await hasHorizontalScroll(approver.page)).toBe(false);
      await screenshot(approver.page, `package-approvals-decide-${label}`, { fullPage: false });
      expect(await seriousViolations(approver.page)).toEqual([]);
      await dialog.getByRole("button", { name: "Approve Package Change" }).click();
      await expectToast(approver.page, PACKAGE_CHANGE_MESSAGES.approved);
      await dialog.waitFor({ state: "detached" });

      await approver.page.getByRole("combobox", { name: "Changes" }).selectOption("approved");
      const decided = changeEntry(approver.page, name);
      // The status badge shows its status capitalized by CSS.
      await decided.getByText("approved", { exact: true }).waitFor();
      await decided.getByText("By: Platform Approver").waitFor();
      await looksRight(approver.page, `package-approvals-approved-${label}`);
      expect(approver.errors).toEqual([]);
      await approver.close();

      // Now investors see it, with the terms the first admin set.
      await buyer.page.reload();
      await buyer.page.getByRole("heading", { level: 1, name: "Investment Packages" }).waitFor();
      const card = buyer.page.getByRole("heading", { name });
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      await looksRight(buyer.page, `package-approvals-investor-${label}`);
      expect(buyer.errors).toEqual([]);
      await buyer.close();
      // Three browsers and two sign-ins of admins on a two-core machine take longer than one screen's test.
    },
    240_000,
  );
});
