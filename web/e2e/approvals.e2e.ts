/**
 * Four eyes on admin money in the browser (design.md §12.1): one admin asks for a credit above the solo limit, a
 * second admin — made by an operator with `npm run admin -- create`, who sets a password through the printed link —
 * approves it on the Approvals tab, and the money moves. The admin who asked cannot approve it.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { ADJUSTMENT_MESSAGES } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, registerInvestor, uniqueContact } from "./support/api";
import { seriousViolations } from "./support/axe";
import {
  hasHorizontalScroll,
  launchBrowser,
  openPage,
  screenshot,
  scrollsSideways,
  viewports,
} from "./support/browser";
import { openAdminTab, setNewPassword, signIn, toast } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");
const repoRoot = resolve(import.meta.dirname, "../..");
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const APPROVALS_HEADING = "Adjustment Approvals";

/** `npm run admin -- create …` on this run's table, as an operator would; its printed one-time link. */
async function operatorCreatesAdmin(admin: { email: string; phone: string }): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "npm",
    [
      "run",
      "--silent",
      "admin",
      "--",
      "create",
      "--email",
      admin.email,
      "--phone",
      admin.phone,
      "--first",
      "Grace",
      "--last",
      `Second${runId}`,
    ],
    { cwd: repoRoot, env: { ...process.env, ...inject("adminCliEnv") }, timeout: 120_000 },
  );
  const link = stdout.match(/https?:\/\/\S+\/reset-password#token=[\w-]+/)?.[0];
  if (!link) throw new Error(`npm run admin printed no link:\n${stdout}`);
  return link;
}

async function expectToast(page: Page, text: string) {
  const shown = toast(page, text);
  await shown.waitFor();
  await shown.locator(".Toastify__close-button").dispatchEvent("click");
  await shown.waitFor({ state: "detached" });
}

let browser: Browser;
let investor: { id: string; token: string; name: string };
const second = { ...uniqueContact(`second-admin-${runId}`), password: "Second-Admin-789!" };

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await registerInvestor(apiUrl, "approvals", { firstName: "Wanjiku", lastName: `Four${runId}` });
  investor = { id: registered.user._id, token: registered.token, name: `Wanjiku Four${runId}` };
});

afterAll(async () => {
  await browser?.close();
});

const walletOf = async (token: string) =>
  (await apiCall<{ user: { walletBalance: number } }>(apiUrl, "GET", "/auth/me", undefined, token)).user.walletBalance;

describe("a credit above the solo limit needs a second admin", () => {
  test("asked by one admin, refused to them, approved by an operator-made second admin; axe clean at 1280 and 360", async () => {
    // The first admin asks for KES 50,000: more than one admin may credit alone.
    const first = await openPage(browser);
    await signIn(first.page, adminEmail, adminPassword);
    await first.page.waitForURL(`${webUrl}/admin/overview`);
    await openAdminTab(first.page, "Users", "User Management");
    await first.page.getByRole("searchbox", { name: "Search users" }).fill(investor.name);
    const row = first.page.getByRole("row").filter({ hasText: investor.name });
    await row.getByRole("button", { name: "Adjust balance" }).click();
    const adjust = first.page.getByRole("dialog", { name: "Adjust Balance" });
    await adjust.getByRole("spinbutton", { name: "Amount (KES)" }).fill("50000");
    await adjust.getByRole("combobox", { name: "Type" }).selectOption("credit");
    await adjust.getByRole("textbox", { name: "Reason" }).fill("Refund of a reversed M-Pesa payment");
    await adjust.getByRole("button", { name: "Adjust Balance" }).click();
    await expectToast(first.page, ADJUSTMENT_MESSAGES.sentForApproval);
    await adjust.waitFor({ state: "detached" });
    expect(await walletOf(investor.token)).toBe(0);

    // On the Approvals tab the asker sees it waiting, with no way to approve it.
    await openAdminTab(first.page, /^Approvals \d+ pending$/, APPROVALS_HEADING);
    const asked = first.page.getByRole("row").filter({ hasText: investor.name });
    await asked.getByText("Waiting for another admin").waitFor();
    expect(await asked.getByRole("button", { name: `Process adjustment of ${investor.name}` }).count()).toBe(0);
    // Nothing cut off at 1280: the table fits its box, its Actions column whole (issue 38).
    expect(await scrollsSideways(first.page.getByRole("region", { name: "Adjustments table" }))).toBe(false);
    await screenshot(first.page, "admin-approvals-asker-desktop");
    expect(await seriousViolations(first.page)).toEqual([]);
    expect(first.errors).toEqual([]);
    await first.close();

    // An operator makes the second admin, who sets a password through the printed link.
    const link = await operatorCreatesAdmin(second);
    expect(link.startsWith(`${webUrl}/reset-password#token=`)).toBe(true);
    const approver = await openPage(browser);
    await approver.page.goto(link);
    await setNewPassword(approver.page, second.password);
    await approver.page.waitForURL(`${webUrl}/login`);
    await signIn(approver.page, second.email, second.password);
    await approver.page.waitForURL(`${webUrl}/admin/overview`);

    await openAdminTab(approver.page, /^Approvals \d+ pending$/, APPROVALS_HEADING);
    await approver.page.getByRole("combobox", { name: "Status" }).selectOption("pending");
    await approver.page.getByRole("button", { name: `Process adjustment of ${investor.name}` }).click();
    const dialog = approver.page.getByRole("dialog", { name: "Process Adjustment" });
    await dialog.getByText("KES 50,000.00").waitFor();
    await dialog.getByText("Approve", { exact: true }).click();
    await screenshot(approver.page, "admin-process-adjustment-desktop");
    expect(await seriousViolations(approver.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Approve Adjustment" }).click();
    await expectToast(approver.page, ADJUSTMENT_MESSAGES.approved);
    await dialog.waitFor({ state: "detached" });
    expect(await walletOf(investor.token)).toBe(50_000);

    // Decided: the row says who approved it, and nothing is left to process.
    await approver.page.getByRole("combobox", { name: "Status" }).selectOption("approved");
    const decided = approver.page.getByRole("row").filter({ hasText: investor.name });
    // The status badge shows its status capitalized by CSS.
    await decided.getByText("approved", { exact: true }).waitFor();
    await decided.getByText(`By: Grace Second${runId}`).waitFor();

    // On a phone: cards, no sideways scrolling, axe clean.
    await approver.page.setViewportSize(viewports.phone);
    await approver.page.getByRole("heading", { level: 1, name: APPROVALS_HEADING }).waitFor();
    await approver.page.getByRole("table").waitFor({ state: "detached" });
    expect(await hasHorizontalScroll(approver.page)).toBe(false);
    await screenshot(approver.page, "admin-approvals-phone");
    expect(await seriousViolations(approver.page)).toEqual([]);
    expect(approver.errors).toEqual([]);
    await approver.close();
  });
});
