import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, buyPackage, creditWallet, listPackages, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { launchBrowser, openPage, viewports } from "./support/browser";
import { openAdminTab, openDashboardTab, signIn } from "./support/screens";

/**
 * axe-core on every page and the main dialogs, at a desktop and a 360 px phone size (quality.md: zero serious or
 * critical findings). Each size collects every finding first, so one run names them all.
 */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const admin = { email: inject("adminEmail"), password: inject("adminPassword") };

let browser: Browser;
let investor: { email: string; password: string; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  // An investor with something on every tab: a trial investment, real money, and a withdrawal waiting for an admin.
  const registered = await registerInvestor(apiUrl, "axe", { firstName: "Akinyi", lastName: "Axe" });
  const [cheapest] = (await listPackages(apiUrl, registered.token)).sort((a, b) => a.price - b.price);
  if (!cheapest) throw new Error("No packages seeded");
  await buyPackage(apiUrl, registered.token, cheapest._id, cheapest.price);
  await creditWallet(apiUrl, admin, registered.user._id, 300);
  // To the registered number: payouts go only to the account's own numbers (design.md §12.2).
  const payout = { amount: 100, phoneNumber: registered.user.phoneNumber };
  await apiCall(apiUrl, "POST", "/withdrawals", payout, registered.token);
  investor = { email: registered.email, password: registered.password, name: "Akinyi Axe" };
});

afterAll(async () => {
  await browser?.close();
});

/** Runs axe where the page stands and files its findings under `name`. */
/**
 * An admin list that is refetching (after a filter changes) is dimmed to 0.6 and marked aria-busy; axe would measure
 * the contrast of that passing moment. Each audit waits until every such list is settled and fully opaque again.
 */
async function settledLists(page: Page) {
  await expect
    .poll(() =>
      page
        .locator("[aria-busy]")
        .evaluateAll((lists) =>
          lists.every((list) => list.getAttribute("aria-busy") !== "true" && getComputedStyle(list).opacity === "1"),
        ),
    )
    .toBe(true);
}

function auditor(page: Page, findings: Record<string, string[]>) {
  return async (name: string) => {
    await settledLists(page);
    const found = await seriousViolations(page);
    if (found.length > 0) findings[name] = found;
  };
}

async function closeDialog(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name });
  await dialog
    .getByRole("button", { name: /^Close|^Cancel$/ })
    .first()
    .click();
  await dialog.waitFor({ state: "detached" });
}

describe.each([
  ["desktop", viewports.desktop],
  ["phone", viewports.phone],
] as const)("axe-core at the %s size", (size, viewport) => {
  test("the public pages", async () => {
    const findings: Record<string, string[]> = {};
    const { page, close } = await openPage(browser, viewport);
    const audit = auditor(page, findings);
    for (const path of [
      "/",
      "/login",
      "/register",
      "/forgot-password",
      "/reset-password#token=axe",
      "/reset-password",
    ]) {
      await page.goto(`${webUrl}${path}`);
      await page.getByRole("main").waitFor();
      await audit(path);
    }
    await close();
    expect(findings, size).toEqual({});
  });

  test("the investor's four tabs and dialogs", { timeout: 90_000 }, async () => {
    const findings: Record<string, string[]> = {};
    const { page, close } = await openPage(browser, viewport);
    const audit = auditor(page, findings);
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);

    await page
      .getByRole("button", { name: /^Invest Now/ })
      .first()
      .waitFor();
    await audit("packages");
    await page
      .getByRole("button", { name: /^Invest Now/ })
      .first()
      .click();
    await page.getByRole("dialog", { name: "Confirm Investment" }).waitFor();
    await audit("buy dialog");
    await closeDialog(page, "Confirm Investment");

    await openDashboardTab(page, "Investments", "My Investments");
    await page.getByRole("article").first().waitFor();
    await audit("investments");

    await openDashboardTab(page, "Referrals", "Referral Program");
    await page.getByText("No referrals yet").waitFor();
    await audit("referrals");

    await openDashboardTab(page, "Account", "My Account");
    await page.getByText("Personal Information").waitFor();
    await audit("account");
    await page.getByRole("button", { name: /Transaction History/ }).click();
    const history = page.getByRole("dialog", { name: "Transaction History" });
    await history.getByRole("list", { name: "Transactions" }).waitFor();
    await audit("history dialog: transactions");
    await history.getByRole("tab", { name: "Withdrawals" }).click();
    await history.getByRole("list", { name: "Withdrawal requests" }).waitFor();
    await audit("history dialog: withdrawals");
    await closeDialog(page, "Transaction History");

    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    const withdrawDialog = page.getByRole("dialog", { name: "Withdraw Funds" });
    // Audited once the numbers it may pay to have loaded, so their buttons are audited too.
    await withdrawDialog.getByRole("button", { name: /\(registered\)/ }).waitFor();
    await audit("withdrawal dialog");
    await closeDialog(page, "Withdraw Funds");

    await page.getByRole("banner").getByRole("button", { name: "Deposit", exact: true }).click();
    await page.getByRole("dialog", { name: "Deposit Funds" }).waitFor();
    await audit("deposit dialog");
    await closeDialog(page, "Deposit Funds");

    await page.getByRole("button", { name: /^Security/ }).click();
    const security = page.getByRole("dialog", { name: "Security" });
    await security.getByRole("button", { name: "Turn on" }).click();
    await security.getByRole("img").waitFor();
    await audit("security dialog: two-factor setup");
    await security.getByRole("button", { name: "Close" }).click();
    await security.waitFor({ state: "detached" });

    await close();
    expect(findings, size).toEqual({});
  });

  test("every admin tab and the admin dialogs", { timeout: 90_000 }, async () => {
    const findings: Record<string, string[]> = {};
    const { page, close } = await openPage(browser, viewport);
    const audit = auditor(page, findings);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(`${webUrl}/admin/overview`);
    await page.getByRole("region", { name: "Platform statistics" }).waitFor();
    await audit("overview");

    await openAdminTab(page, "Users", "User Management");
    // The search is sent after a pause in typing, while the unfiltered list (which may already hold the investor)
    // stays on screen: wait for the searched answer, so the list is not dimmed for it in the middle of the audit.
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes("/admin/users?") && response.url().includes(encodeURIComponent(investor.email)),
    );
    await page.getByRole("searchbox", { name: "Search users" }).fill(investor.email);
    await searched;
    const view = page.getByRole("button", { name: `View ${investor.name}` });
    await view.waitFor();
    await audit("users");
    await view.click();
    await page.getByRole("dialog", { name: "User Details" }).waitFor();
    await audit("user details dialog");
    await closeDialog(page, "User Details");
    await page.getByRole("button", { name: `Adjust balance of ${investor.name}` }).click();
    await page.getByRole("dialog", { name: "Adjust Balance" }).waitFor();
    await audit("adjust balance dialog");
    await closeDialog(page, "Adjust Balance");

    await openAdminTab(page, "Packages", "Package Management");
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .waitFor();
    await audit("packages");
    await page.getByRole("button", { name: "Add Package" }).click();
    await page.getByRole("dialog", { name: "Add Package" }).waitFor();
    await audit("package form dialog");
    await closeDialog(page, "Add Package");

    await openAdminTab(page, "Transactions", "Transaction Management");
    await page.getByText(/^Showing \d+ of \d+ transactions?$/).waitFor();
    await audit("transactions");

    await openAdminTab(page, "Withdrawals", "Withdrawal Management");
    await page.getByRole("combobox", { name: "Status" }).selectOption("pending");
    const process = page.getByRole("button", { name: `Process withdrawal of ${investor.name}` });
    await process.waitFor();
    await audit("withdrawals");
    await process.click();
    await page.getByRole("dialog", { name: "Process Withdrawal" }).waitFor();
    await audit("process withdrawal dialog");
    await closeDialog(page, "Process Withdrawal");

    await openAdminTab(page, /^Unmatched/, "Unmatched Payments");
    await page.getByRole("combobox", { name: "Status" }).waitFor();
    await audit("unmatched payments");

    await openAdminTab(page, "Audit", "Audit Trail");
    await page.getByText(/^Showing \d+ of \d+ (entry|entries)$/).waitFor();
    await audit("audit");

    await close();
    expect(findings, size).toEqual({});
  });
});
