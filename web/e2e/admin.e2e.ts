import { PACKAGE_CHANGE_MESSAGES } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, depositByMpesa, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { openAdminTab, signIn } from "./support/screens";
import { type SimulatedBehaviours, simulatePhone } from "./support/simulated-phones";
import { approvedHoursAgo } from "./support/table";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const simUrl = inject("simUrl");
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");
const secondAdminEmail = inject("secondAdminEmail");
const secondAdminPassword = inject("secondAdminPassword");
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

interface Investor {
  id: string;
  token: string;
  name: string;
  email: string;
  phone: string;
}

/** An investor for the admin to work on, set up through the API. */
async function anInvestor(firstName: string): Promise<Investor> {
  const lastName = `Admin${runId}`;
  const { token, user, email } = await registerInvestor(apiUrl, `admin-${firstName.toLowerCase()}`, {
    firstName,
    lastName,
  });
  return { id: user._id, token, name: `${firstName} ${lastName}`, email, phone: user.phoneNumber };
}

/**
 * Real money for the investor, paid by M-Pesa (an STK deposit the simulator pays), then a withdrawal request the
 * admin can decide on, to the investor's own number. Not an admin credit: the admin who credits an account may not
 * approve its payout. `payout` tells the simulator how that number's B2C payouts behave (default: paid).
 */
async function withPendingWithdrawal(investor: Investor, payout?: SimulatedBehaviours): Promise<string> {
  if (payout) await simulatePhone(simUrl, investor.phone, payout);
  await depositByMpesa(apiUrl, { token: investor.token, user: { phoneNumber: investor.phone } }, 200);
  const { withdrawal } = await apiCall<{ withdrawal: { _id: string } }>(
    apiUrl,
    "POST",
    "/withdrawals",
    { amount: 100, phoneNumber: investor.phone },
    investor.token,
  );
  return withdrawal._id;
}

async function signInAsAdmin(page: Page) {
  await signIn(page, adminEmail, adminPassword);
  await page.waitForURL(`${webUrl}/admin/overview`);
}

/**
 * Waits for a toast and closes it, so it neither covers the buttons at the top right nor stands in for the next
 * step's toast. The close button is found by class and clicked by a dispatched event: an open modal hides
 * everything outside itself from the accessibility tree and turns off pointer events there.
 */
async function expectToast(page: Page, text: string) {
  const toast = page.locator(".Toastify__toast").filter({ hasText: text });
  await toast.waitFor();
  await toast.locator(".Toastify__close-button").dispatchEvent("click");
  await toast.waitFor({ state: "detached" });
}

let browser: Browser;
let approvedInvestor: Investor;
let rejectedInvestor: Investor;
let stuckInvestor: Investor;
let stuckWithdrawalId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { token: adminToken } = await apiCall<{ token: string }>(apiUrl, "POST", "/auth/login", {
    email: adminEmail,
    password: adminPassword,
  });
  approvedInvestor = await anInvestor("Amina");
  rejectedInvestor = await anInvestor("Brian");
  await withPendingWithdrawal(approvedInvestor);
  await withPendingWithdrawal(rejectedInvestor);
  // Approved, sent to M-Pesa, and no result ever comes: a stuck payout.
  stuckInvestor = await anInvestor("Chebet");
  // The investor's number acts as 254700000408 for payouts: M-Pesa never decides it, and reconciliation learns nothing.
  stuckWithdrawalId = await withPendingWithdrawal(stuckInvestor, { b2c: "254700000408" });
  await apiCall(apiUrl, "PUT", `/admin/withdrawals/${stuckWithdrawalId}`, { status: "approved" }, adminToken);
});

afterAll(async () => {
  await browser?.close();
});

describe("the admin console on a desktop", () => {
  test("the overview shows the platform figures", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInAsAdmin(page);
    await page.getByRole("heading", { name: "Platform Overview" }).waitFor();
    const figures = page.getByRole("region", { name: "Platform statistics" });
    await figures.getByText("Total Users").waitFor();
    await expect.poll(() => figures.getByText("—").count()).toBe(0);
    expect(await page.getByText("98.5%").isVisible()).toBe(true);
    expect(await page.getByText("99.9%").isVisible()).toBe(true);
    await screenshot(page, "admin-overview-desktop");
    expect(errors).toEqual([]);
    await close();
  });

  test("users: search, details, a balance credit, and deactivate then activate", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInAsAdmin(page);
    await openAdminTab(page, "Users", "User Management");
    await page.getByRole("searchbox", { name: "Search users" }).fill(rejectedInvestor.email);
    const row = page.getByRole("row").filter({ hasText: rejectedInvestor.email });
    await row.waitFor();
    await expect.poll(() => page.getByRole("table", { name: "Users" }).getByRole("row").count()).toBe(2);
    await screenshot(page, "admin-users-desktop");

    await row.getByRole("button", { name: "View" }).click();
    const details = page.getByRole("dialog", { name: "User Details" });
    await details.getByText(rejectedInvestor.email).waitFor();
    await details.getByRole("button", { name: "Close" }).click();
    await details.waitFor({ state: "detached" });

    await row.getByRole("button", { name: "Adjust balance" }).click();
    const adjust = page.getByRole("dialog", { name: "Adjust Balance" });
    await adjust.getByRole("button", { name: "Adjust Balance" }).click();
    await expectToast(page, "Please fill in all fields");
    await adjust.getByRole("spinbutton", { name: "Amount (KES)" }).fill("25.50");
    await adjust.getByRole("combobox", { name: "Type" }).selectOption("credit");
    await adjust.getByRole("textbox", { name: "Reason" }).fill("E2E goodwill credit");
    await screenshot(page, "admin-adjust-balance-desktop");
    await adjust.getByRole("button", { name: "Adjust Balance" }).click();
    await expectToast(page, "Balance credited successfully");
    // 200 deposited by the setup, 100 held by the withdrawal request, 25.50 now. The credit goes to the investor
    // whose withdrawal is rejected later: the admin who adjusted a balance may reject its payout, not approve it.
    // The deposit made it a real-money account, so the row's figure is the wallet itself.
    await row.getByText("KES 125.50", { exact: true }).waitFor();

    await row.getByRole("button", { name: "Deactivate" }).click();
    await expectToast(page, "User deactivated successfully");
    await row.getByText("Inactive").waitFor();
    await row.getByRole("button", { name: "Activate" }).click();
    await expectToast(page, "User activated successfully");
    await row.getByText("Active", { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  test("packages: one admin adds one, a second approves it, then it is edited and deleted", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInAsAdmin(page);
    await openAdminTab(page, "Packages", "Package Management");
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .waitFor();
    await screenshot(page, "admin-packages-desktop");

    const name = `E2E Solar ${runId}`;
    await page.getByRole("button", { name: "Add Package" }).click();
    const form = page.getByRole("dialog", { name: "Add Package" });
    await form.getByRole("textbox", { name: "Package Name" }).fill(name);
    await form.getByRole("textbox", { name: "Company" }).fill("KenGen");
    await form.getByRole("textbox", { name: "Description" }).fill("Solar farms feeding the national grid.");
    await form.getByRole("spinbutton", { name: "Price (KES)" }).fill("500");
    await form.getByRole("textbox", { name: "Image URL" }).fill("/images/packages/kengen.svg");
    expect(await form.getByRole("spinbutton", { name: "Monthly Return (%)" }).inputValue()).toBe("40");
    await screenshot(page, "admin-package-form-desktop");
    await form.getByRole("button", { name: "Create Package" }).click();
    // A new package is a money action (design.md §13.1): nothing is listed until a second admin approves it.
    await expectToast(page, PACKAGE_CHANGE_MESSAGES.sentForApproval);
    await form.waitFor({ state: "detached" });
    expect(await page.getByRole("heading", { name }).count()).toBe(0);

    await page.getByRole("button", { name: "Logout" }).click();
    await expectToast(page, "Logged out successfully");
    await signIn(page, secondAdminEmail, secondAdminPassword);
    await page.waitForURL(`${webUrl}/admin/overview`);
    await openAdminTab(page, /^Approvals \d+ pending$/, "Package Changes");
    await page.getByRole("button", { name: `Process package change of ${name}` }).click();
    const decision = page.getByRole("dialog", { name: "Process Package Change" });
    await decision.getByText("KES 500.00").waitFor();
    await decision.getByText("Approve", { exact: true }).click();
    await decision.getByRole("button", { name: "Approve Package Change" }).click();
    await expectToast(page, PACKAGE_CHANGE_MESSAGES.approved);
    await decision.waitFor({ state: "detached" });

    await openAdminTab(page, "Packages", "Package Management");
    await page.getByRole("heading", { name }).waitFor();
    // Words alone (here the description) change at once.
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Package" });
    await edit.getByRole("textbox", { name: "Description" }).fill("Solar farms and batteries feeding the grid.");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Package updated successfully");
    await page.getByText("Solar farms and batteries feeding the grid.").waitFor();

    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to delete this package?");
      void dialog.accept();
    });
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await expectToast(page, "Package deleted successfully");
    await page.getByRole("heading", { name }).waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await close();
    // Two admins sign in one after the other: longer than one screen's test.
  }, 120_000);

  test("transactions: filter by user and type, clear, and export the CSV", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInAsAdmin(page);
    await openAdminTab(page, "Transactions", "Transaction Management");
    await page.getByText("Monitor all platform transactions and activities").waitFor();
    const table = page.getByRole("table", { name: "Transactions" });
    await table.waitFor();
    await screenshot(page, "admin-transactions-desktop");

    await page.getByPlaceholder("Search by user or reference...").fill(rejectedInvestor.email);
    await page.getByRole("combobox", { name: "Type" }).selectOption("adjustment");
    await expect
      .poll(async () =>
        (await table.getByRole("row").allInnerTexts()).slice(1).every((text) => text.includes("Adjustment")),
      )
      .toBe(true);
    await table.getByText("+KES 25.50").waitFor();

    await page.getByRole("combobox", { name: "Status" }).selectOption("failed");
    await page.getByText("No transactions found").waitFor();
    await page.getByText("Try adjusting your filters to see more results.").waitFor();

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await table.waitFor();
    expect(await page.getByPlaceholder("Search by user or reference...").inputValue()).toBe("");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^jengafund-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(errors).toEqual([]);
    await close();
  });

  test("withdrawals: approve one, reject another with a reason, then view the decision", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInAsAdmin(page);
    await openAdminTab(page, "Withdrawals", "Withdrawal Management");
    await page.getByRole("combobox", { name: "Status" }).selectOption("pending");
    await page.getByRole("button", { name: `Process withdrawal of ${approvedInvestor.name}` }).click();
    const approve = page.getByRole("dialog", { name: "Process Withdrawal" });
    const approveButton = approve.getByRole("button", { name: "Approve Withdrawal" });
    expect(await approveButton.isDisabled()).toBe(true);
    await approve.getByText("Approve", { exact: true }).click();
    expect(await approve.getByRole("textbox", { name: /^Reason/ }).getAttribute("placeholder")).toBe(
      "Optional approval note...",
    );
    await screenshot(page, "admin-process-withdrawal-desktop");
    await approveButton.click();
    await expectToast(page, "Withdrawal approved successfully");
    await approve.waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Process withdrawal of ${rejectedInvestor.name}` }).click();
    const reject = page.getByRole("dialog", { name: "Process Withdrawal" });
    await reject.getByText("Reject", { exact: true }).click();
    const rejectButton = reject.getByRole("button", { name: "Reject Withdrawal" });
    expect(await rejectButton.isDisabled()).toBe(true);
    const reason = reject.getByRole("textbox", { name: /^Reason/ });
    expect(await reason.getAttribute("placeholder")).toBe("Required rejection reason...");
    await reason.fill("The phone number does not match the account");
    await rejectButton.click();
    await expectToast(page, "Withdrawal rejected successfully");
    await reject.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Clear Filter" }).click();
    const rejectedRow = page.getByRole("row").filter({ hasText: rejectedInvestor.email });
    await rejectedRow.getByText("rejected").waitFor();
    await rejectedRow.getByText(/^By: /).waitFor();
    await rejectedRow.getByRole("button", { name: /View Details/ }).click();
    const details = page.getByRole("dialog", { name: "Withdrawal Details" });
    await details.getByText("The phone number does not match the account").waitFor();
    await screenshot(page, "admin-withdrawal-details-desktop");
    await details.getByRole("button", { name: "Close", exact: true }).click();
    await details.waitFor({ state: "detached" });
    await screenshot(page, "admin-withdrawals-desktop");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("a stuck payout", () => {
  test("an admin marks it as failed with a reason, and the user's wallet gets the amount back", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInAsAdmin(page);
    await openAdminTab(page, "Withdrawals", "Withdrawal Management");
    await page.getByRole("combobox", { name: "Status" }).selectOption("approved");
    await page.getByRole("button", { name: `View Details of ${stuckInvestor.name}` }).click();
    let dialog = page.getByRole("dialog", { name: "Withdrawal Details" });
    await dialog.getByText("Waiting for M-Pesa").waitFor();
    // Approved minutes ago: M-Pesa gets a day to answer before an admin may call it failed.
    await dialog.getByText(/can be marked as failed from/).waitFor();
    expect(await dialog.getByRole("button", { name: "Mark payout as failed" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // A day passes with no result.
    await approvedHoursAgo(stuckWithdrawalId, 25);
    await page.reload();
    await page.getByRole("combobox", { name: "Status" }).selectOption("approved");
    await page.getByRole("button", { name: `View Details of ${stuckInvestor.name}` }).click();
    dialog = page.getByRole("dialog", { name: "Withdrawal Details" });
    await dialog.getByText("Waiting for M-Pesa").waitFor();
    const markFailed = dialog.getByRole("button", { name: "Mark payout as failed" });
    expect(await markFailed.isDisabled()).toBe(true);
    await dialog.getByRole("textbox", { name: /^Reason/ }).fill("M-Pesa Transaction Status: no such payout");
    await screenshot(page, "admin-fail-payout-desktop");
    await markFailed.click();
    await expectToast(page, `Payout marked as failed: KES 100.00 refunded to ${stuckInvestor.name}`);
    await dialog.waitFor({ state: "detached" });

    const { user } = await apiCall<{ user: { walletBalance: number } }>(
      apiUrl,
      "GET",
      "/auth/me",
      undefined,
      stuckInvestor.token,
    );
    expect(user.walletBalance).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("two admins on one withdrawal (design.md §13.6)", () => {
  test.each([
    ["desktop", viewports.desktop, "Dalia"],
    ["phone", viewports.phone, "Esther"],
  ] as const)(
    "the open Process dialog says when the other admin approved it, %s",
    async (name, viewport, firstName) => {
      const investor = await anInvestor(firstName);
      const withdrawalId = await withPendingWithdrawal(investor);
      const { page, errors, close } = await openPage(browser, viewport);
      await signInAsAdmin(page);
      await openAdminTab(page, "Withdrawals", "Withdrawal Management");
      await page.getByRole("button", { name: `Process withdrawal of ${investor.name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Process Withdrawal" });
      await dialog.getByText("Approve", { exact: true }).click();
      const approveButton = dialog.getByRole("button", { name: "Approve Withdrawal" });
      expect(await approveButton.isDisabled()).toBe(false);

      // The second admin approves it meanwhile, from a console of their own.
      const { token } = await apiCall<{ token: string }>(apiUrl, "POST", "/auth/login", {
        email: secondAdminEmail,
        password: secondAdminPassword,
      });
      await apiCall(apiUrl, "PUT", `/admin/withdrawals/${withdrawalId}`, { status: "approved" }, token);

      // Within the list's next read (15 s), the same dialog says so and offers no decision.
      await dialog.getByText(/^Already approved by .+\.$/).waitFor({ timeout: 25_000 });
      expect(await approveButton.isDisabled()).toBe(true);
      expect(await dialog.getByRole("radio", { name: "Reject" }).isDisabled()).toBe(true);
      expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(false);
      await screenshot(page, `admin-process-withdrawal-decided-elsewhere-${name}`, { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(errors).toEqual([]);
      await close();
    },
  );
});

describe("the admin console on a 360 px phone", () => {
  test.each([
    ["Overview", "Platform Overview", "overview"],
    ["Users", "User Management", "users"],
    ["Packages", "Package Management", "packages"],
    ["Transactions", "Transaction Management", "transactions"],
    ["Withdrawals", "Withdrawal Management", "withdrawals"],
  ])("%s has no horizontal page scroll", async (tab, heading, name) => {
    const { page, close } = await openPage(browser, viewports.phone);
    await signInAsAdmin(page);
    await openAdminTab(page, tab, heading);
    // Lists are judged once loaded: the spinner is gone and the table or empty state is in place.
    await page.getByRole("status", { name: "Loading" }).first().waitFor({ state: "detached" });
    await screenshot(page, `phone-admin-${name}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await close();
  });

  test("the withdrawal dialog fits the phone", async () => {
    const { page, close } = await openPage(browser, viewports.phone);
    await signInAsAdmin(page);
    await openAdminTab(page, "Withdrawals", "Withdrawal Management");
    // The tab opens on what waits for a decision; a rejected request is under its own status.
    await page.getByRole("combobox", { name: "Status" }).selectOption("rejected");
    await page.getByRole("button", { name: `View Details of ${rejectedInvestor.name}` }).click();
    await page.getByRole("dialog", { name: "Withdrawal Details" }).waitFor();
    await screenshot(page, "phone-admin-withdrawal-details");
    expect(await hasHorizontalScroll(page)).toBe(false);
    await close();
  });
});
