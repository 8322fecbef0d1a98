/**
 * Nothing paid to the Paybill is lost (design.md §12.3): a customer pays with an account number that names no one,
 * from 254700000003 (the simulator's number whose validation cannot reach us, so the payment goes through and only
 * the confirmation arrives). The payment waits on the console's Unmatched tab; an admin credits it to the user it was
 * meant for, whose balance changes, with the Paybill deposit line and its receipt in the transactions and their CSV.
 * A second one is marked returned on a phone. Axe clean at 1280 and 360 px.
 */
import type { UnmatchedPayment } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { payByPaybill } from "./support/paybill";
import { openAdminTab, signIn, toast } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const simUrl = inject("simUrl");
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/** The simulator's number whose validation call cannot reach the platform: only the confirmation arrives. */
const VALIDATION_UNREACHABLE = "254700000003";
const HEADING = "Unmatched Payments";

let browser: Browser;
let adminToken: string;
let shortCode: string;
let investor: { id: string; token: string; firstName: string; lastName: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const lastName = `Paybill${runId}`;
  const registered = await registerInvestor(apiUrl, "unmatched", { firstName: "Chebet", lastName });
  investor = { id: registered.user._id, token: registered.token, firstName: "Chebet", lastName };
  // The business number customers pay to, as the Deposit dialog shows it.
  ({ businessNumber: shortCode } = await apiCall<{ businessNumber: string }>(
    apiUrl,
    "GET",
    "/mpesa/paybill",
    undefined,
    investor.token,
  ));
  ({ token: adminToken } = await apiCall<{ token: string }>(apiUrl, "POST", "/auth/login", {
    email: adminEmail,
    password: adminPassword,
  }));
});

afterAll(async () => {
  await browser?.close();
});

const walletOf = async (token: string) =>
  (await apiCall<{ user: { walletBalance: number } }>(apiUrl, "GET", "/auth/me", undefined, token)).user.walletBalance;

/** The statistics' Paybill deposits (count and KES), which the Overview shows. */
async function paybillDeposits(): Promise<{ count: number; amount: number }> {
  const { stats } = await apiCall<{ stats: { depositsByChannel: { paybill: { count: number; amount: number } } } }>(
    apiUrl,
    "GET",
    "/admin/stats",
    undefined,
    adminToken,
  );
  return stats.depositsByChannel.paybill;
}

/**
 * Pays the Paybill with an account number nobody has and waits until the payment is kept as unmatched. The stack
 * registered the API's C2B URLs with the simulator when it started (scripts/local-stack.ts, as `npm start` does).
 */
async function payForNoOne(amount: number, accountNumber: string): Promise<UnmatchedPayment> {
  await payByPaybill(simUrl, { shortCode, amount, msisdn: VALIDATION_UNREACHABLE, billRefNumber: accountNumber });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { payments } = await apiCall<{ payments: UnmatchedPayment[] }>(
      apiUrl,
      "GET",
      "/admin/unmatched-payments?status=all&limit=100",
      undefined,
      adminToken,
    );
    const kept = payments.find((payment) => payment.accountNumber === accountNumber);
    if (kept) return kept;
    if (Date.now() > deadline) throw new Error(`no unmatched payment for account number ${accountNumber}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Shows the payments still waiting and waits until the list is read: the previous page stays on screen, dimmed,
 * meanwhile, with the resolved ones among it.
 */
async function showUnmatchedOnly(page: Page, item: "row" | "listitem") {
  await page.getByRole("combobox", { name: "Status" }).selectOption("unmatched");
  const resolved = page.getByRole(item).filter({ hasText: /Assigned|Returned|Pending approval/ });
  await expect.poll(() => resolved.count()).toBe(0);
  await page.locator('[aria-label="Unmatched payments"][aria-busy="false"]').waitFor();
}

async function expectToast(page: Page, text: string) {
  const shown = toast(page, text);
  await shown.waitFor();
  await shown.locator(".Toastify__close-button").dispatchEvent("click");
  await shown.waitFor({ state: "detached" });
}

describe("an unmatched Paybill payment on the admin console", () => {
  test("is kept, listed with its receipt, and credited to the user it was meant for; axe clean at 1280", async () => {
    const accountNumber = `NOONE${runId}`.slice(0, 20);
    const before = await paybillDeposits();
    const payment = await payForNoOne(750, accountNumber);
    expect(payment).toMatchObject({ amount: 750, status: "unmatched", reason: "unknown-account" });
    expect(payment.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await walletOf(investor.token)).toBe(0);

    const admin = await openPage(browser, viewports.desktop);
    const { page } = admin;
    await signIn(page, adminEmail, adminPassword);
    await page.waitForURL(`${webUrl}/admin/overview`);
    // Beside the spec's figures, the Overview counts deposits by channel and the payments waiting.
    await page.getByRole("region", { name: "Deposits by channel" }).getByText("Paybill Deposits").waitFor();
    await screenshot(page, "admin-unmatched-overview-desktop");
    await openAdminTab(page, /^Unmatched \d+ to resolve$/, HEADING);
    await showUnmatchedOnly(page, "row");
    const row = page.getByRole("row").filter({ hasText: payment.receipt });
    await row.getByText("KES 750.00").waitFor();
    await row.getByText(accountNumber).waitFor();
    await row.getByText("No account has this account number").waitFor();
    await page.getByText("Times are Nairobi time (EAT, UTC+3)").waitFor();
    await screenshot(page, "admin-unmatched-desktop");
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole("button", { name: `Resolve payment ${payment.receipt}` }).click();
    const dialog = page.getByRole("dialog", { name: "Resolve Payment" });
    await dialog.getByText("Credit a user", { exact: true }).click();
    await dialog.getByRole("searchbox", { name: /Find user/ }).fill(investor.lastName);
    await dialog.getByText(`${investor.firstName} ${investor.lastName}`).click();
    await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Support ticket: the payer typed a wrong number");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Credit User" }).click();
    await expectToast(page, `Payment credited to ${investor.firstName} ${investor.lastName}`);
    await dialog.waitFor({ state: "detached" });

    // The money moved, once, to the user, as a Paybill deposit; the payment is no longer waiting.
    expect(await walletOf(investor.token)).toBe(750);
    const after = await paybillDeposits();
    expect(after.count).toBeGreaterThanOrEqual(before.count + 1);
    expect(after.amount).toBeGreaterThanOrEqual(before.amount + 750);
    await page.getByRole("combobox", { name: "Status" }).selectOption("assigned");
    const assigned = page.getByRole("row").filter({ hasText: payment.receipt });
    await assigned.getByText("Assigned", { exact: true }).waitFor();
    await assigned.getByText(`To ${investor.firstName} ${investor.lastName}`).waitFor();

    // The Transactions tab shows the Paybill deposit with its receipt, and so does the CSV export.
    await openAdminTab(page, "Transactions", "Transaction Management");
    await page.getByRole("searchbox").first().fill(investor.lastName);
    const line = page.getByRole("row").filter({ hasText: `M-Pesa: ${payment.receipt}` });
    await line.getByText("M-Pesa Paybill deposit").waitFor();
    const csv = await fetch(`${apiUrl}/admin/transactions/export?search=${encodeURIComponent(investor.lastName)}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    }).then((response) => response.text());
    const csvLine = csv.split("\r\n").find((text) => text.includes(payment.receipt));
    expect(csvLine).toContain("M-Pesa Paybill deposit");
    expect(csvLine).toContain("750.00");

    expect(admin.errors).toEqual([]);
    await admin.close();
  });

  test("on a 360 px phone: cards without sideways scrolling, and marking a payment returned; axe clean", async () => {
    const accountNumber = `RET${runId}`.slice(0, 20);
    const payment = await payForNoOne(120, accountNumber);
    const admin = await openPage(browser, viewports.phone);
    const { page } = admin;
    await signIn(page, adminEmail, adminPassword);
    await page.waitForURL(`${webUrl}/admin/overview`);
    await openAdminTab(page, /^Unmatched \d+ to resolve$/, HEADING);
    await showUnmatchedOnly(page, "listitem");
    const card = page.getByRole("listitem").filter({ hasText: payment.receipt });
    await card.getByText("KES 120.00").waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, "admin-unmatched-phone");
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole("button", { name: `Resolve payment ${payment.receipt}` }).click();
    const dialog = page.getByRole("dialog", { name: "Resolve Payment" });
    await dialog.getByText("Mark as returned", { exact: true }).click();
    await dialog.getByRole("textbox", { name: /^Reversal receipt/ }).fill("rkx0rev123");
    await dialog.getByRole("textbox", { name: /^Reason/ }).fill("The payer asked for the money back");
    await screenshot(page, "admin-unmatched-resolve-phone", { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Mark as Returned" }).click();
    await expectToast(page, "Payment marked as returned");
    await dialog.waitFor({ state: "detached" });

    const { payments } = await apiCall<{ payments: UnmatchedPayment[] }>(
      apiUrl,
      "GET",
      "/admin/unmatched-payments?status=returned&limit=100",
      undefined,
      adminToken,
    );
    expect(payments.find((kept) => kept._id === payment._id)).toMatchObject({
      status: "returned",
      resolution: { receipt: "RKX0REV123", reason: "The payer asked for the money back" },
    });
    expect(admin.errors).toEqual([]);
    await admin.close();
  });
});
