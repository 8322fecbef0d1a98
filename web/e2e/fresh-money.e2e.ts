import { formatKes } from "@jengafund/shared";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, buyPackage, creditWallet, depositByMpesa, listPackages, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { openAdminTab, openDashboardTab, signIn, textbox } from "./support/screens";

/**
 * Design.md §12.7 "Honest money, always current" and "One toast per action, never over what it is about": money
 * moved elsewhere reaches the open screens without a reload, a double tap is one request and one toast, and a toast
 * covers neither the dialog it is about nor the header's balance on a phone.
 */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const admin = { email: inject("adminEmail"), password: inject("adminPassword") };
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Chromium reports every refused request as a console error; the refusals a test provokes are not bugs. */
function unexpected(errors: string[]): string[] {
  return errors.filter((error) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}

function headerBalance(page: Page, amount: number): Locator {
  return page.getByRole("banner").getByText(formatKes(amount), { exact: true });
}

/** The tab coming back into view, as when the user returns to it from another app or tab. */
async function returnToTheTab(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
}

/** A mark on the page's window: still there afterwards means no reload happened in between. */
async function markThePage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as { unreloaded: boolean }).unreloaded = true;
  });
  return () => page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
}

/** Where a toast's words are drawn: its own text, apart from the icon, the close button and the timer bar. */
function textBoxOf(toast: Locator): Promise<Box> {
  return toast.evaluate((element) => {
    const range = document.createRange();
    const words = [...element.childNodes].filter(
      (node) =>
        node.nodeType === Node.TEXT_NODE ||
        (node instanceof HTMLElement &&
          !node.matches(".Toastify__toast-icon, .Toastify__close-button, .Toastify__progress-bar--wrp")),
    );
    const first = words[0];
    const last = words.at(-1);
    if (!first || !last) throw new Error("a toast without words");
    range.setStartBefore(first);
    range.setEndAfter(last);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

describe("money moved elsewhere reaches the open screens without a reload", () => {
  test("an admin's credit shows in the header and the Account wallet once the tab is back in view, at 360 px", {
    timeout: 120_000,
  }, async () => {
    const investor = await registerInvestor(apiUrl, "fresh-credit");
    await depositByMpesa(apiUrl, investor, 200);
    const { page, errors, close } = await openPage(browser, viewports.phone);
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await headerBalance(page, 200).waitFor();
    await openDashboardTab(page, "Account", "My Account");
    const wallet = page.getByTestId("wallet-balance");
    expect(await wallet.textContent()).toBe(formatKes(200));
    const unreloaded = await markThePage(page);

    // Support credits the wallet from the admin console, in another browser.
    await creditWallet(apiUrl, admin, investor.user._id, 50);
    await returnToTheTab(page);
    await headerBalance(page, 250).waitFor({ timeout: 10_000 });
    await expect.poll(() => wallet.textContent(), { timeout: 10_000 }).toBe(formatKes(250));
    expect(await unreloaded()).toBe(true);
    await screenshot(page, "fresh-money-credit-phone");
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});

describe("one request and one toast per tap", () => {
  test("a double click on Claim Reward sends one claim and says 'Reward claimed' once, at 360 px", async () => {
    const investor = await registerInvestor(apiUrl, "fresh-claim");
    const packages = await listPackages(apiUrl, investor.token);
    const cheapest = packages.reduce((a, b) => (b.price < a.price ? b : a));
    await buyPackage(apiUrl, investor.token, cheapest._id, cheapest.price);
    const { page, errors, close } = await openPage(browser, viewports.phone);
    const claims: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/investments/claim/")) claims.push(request.url());
    });
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await openDashboardTab(page, "Investments", "My Investments");
    const card = page.getByRole("article").first();
    await card.getByText("Claimable Today").waitFor();

    await card.getByRole("button", { name: "Claim Reward" }).dblclick();
    const claimed = page.locator(".Toastify__toast").filter({ hasText: /^Reward claimed: KES / });
    await claimed.first().waitFor();
    await card.getByText("Already Claimed").waitFor();
    expect(claims).toHaveLength(1);
    expect(await claimed.count()).toBe(1);
    expect(await page.locator(".Toastify__toast").filter({ hasText: "claim" }).count()).toBe(1);
    await screenshot(page, "fresh-money-claim-once-phone");
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});

describe("a toast never covers what it is about", () => {
  for (const [name, viewport] of Object.entries({ phone: viewports.phone, desktop: viewports.desktop })) {
    test(`an error over the Withdraw dialog leaves its title, its buttons, the header and its own words clear, ${viewport.width} px`, async () => {
      const investor = await registerInvestor(apiUrl, `fresh-toast-${name}`);
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, investor.email, investor.password);
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      const balance = headerBalance(page, 1000);
      await balance.waitFor();
      const balanceBox = await boxOf(balance);
      await openDashboardTab(page, "Account", "My Account");
      await page.getByRole("button", { name: "Withdraw" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Withdraw Funds" });
      await dialog.waitFor();
      await textbox(page, "M-Pesa Phone Number").waitFor();
      await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("5");
      // Three taps on a refused request: one toast says so.
      const submit = dialog.getByRole("button", { name: "Request Withdrawal" });
      await submit.click();
      await submit.click();
      await submit.click();
      const toast = page.locator(".Toastify__toast").filter({ hasText: "Minimum withdrawal to M-Pesa is KES 10" });
      await toast.waitFor();
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY ||
              (animation.effect as KeyframeEffect | null)?.target?.closest?.(".Toastify__progress-bar"),
          ),
      );
      expect(await toast.count()).toBe(1);

      const toastBox = await boxOf(toast);
      // On screen, where the user reads it: a toast pushed out of view would cover nothing and say nothing.
      expect(toastBox.y).toBeGreaterThanOrEqual(0);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
      const titleBox = await boxOf(dialog.getByRole("heading", { name: "Withdraw Funds" }));
      expect(overlaps(toastBox, titleBox), "the toast covers the dialog's title").toBe(false);
      expect(overlaps(toastBox, balanceBox), "the toast covers the header's balance").toBe(false);
      // Nor the dialog's action row (at 360 the toast comes up from the bottom), nor the header's buttons (at 1280).
      const actionsBox = await boxOf(dialog.locator(".chakra-dialog__footer"));
      expect(overlaps(toastBox, actionsBox), "the toast covers the dialog's buttons").toBe(false);
      expect(overlaps(toastBox, await boxOf(page.locator("header").first())), "the toast covers the header").toBe(
        false,
      );
      const closeBox = await boxOf(toast.locator(".Toastify__close-button"));
      expect(overlaps(closeBox, await textBoxOf(toast)), "the × sits on the toast's words").toBe(false);
      // The screenshot fast-forwards animations, the toast's timer bar included, whose end closes the toast.
      await page.addStyleTag({ content: ".Toastify__progress-bar { animation: none !important; }" });
      await screenshot(page, `fresh-money-toast-over-dialog-${name}`, { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});

describe("the admin's withdrawals list follows a payout to its outcome", () => {
  test("approved with a double click: one decision, one toast, then 'completed' without a reload, at 360 px", {
    timeout: 120_000,
  }, async () => {
    const lastName = `Fresh${runId}`;
    const investor = await registerInvestor(apiUrl, "fresh-payout", { firstName: "Zawadi", lastName });
    await depositByMpesa(apiUrl, investor, 200);
    const { withdrawal } = await apiCall<{ withdrawal: { _id: string } }>(
      apiUrl,
      "POST",
      "/withdrawals",
      { amount: 100, phoneNumber: investor.user.phoneNumber },
      investor.token,
    );
    const { page, errors, close } = await openPage(browser, viewports.phone);
    const decisions: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes(`/api/admin/withdrawals/${withdrawal._id}`)) {
        decisions.push(request.url());
      }
    });
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(`${webUrl}/admin/overview`);
    await openAdminTab(page, "Withdrawals", "Withdrawal Management");
    const name = `Zawadi ${lastName}`;
    // Every status, to follow this one past pending (the tab opens on Pending).
    await page.getByRole("combobox", { name: "Status" }).selectOption("");
    await page.getByRole("button", { name: `Process withdrawal of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Process Withdrawal" });
    await dialog.getByText("Approve", { exact: true }).click();
    const unreloaded = await markThePage(page);
    await dialog.getByRole("button", { name: "Approve Withdrawal" }).dblclick();
    await page.locator(".Toastify__toast").filter({ hasText: "Withdrawal approved successfully" }).waitFor();
    await dialog.waitFor({ state: "detached" });

    const card = page.getByRole("listitem").filter({ hasText: investor.email });
    await card.getByText("completed", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await unreloaded()).toBe(true);
    expect(decisions).toHaveLength(1);
    expect(
      await page
        .locator(".Toastify__toast")
        .filter({ hasText: /withdrawal/i })
        .count(),
      "one toast for the decision",
    ).toBe(1);
    await screenshot(page, "fresh-money-payout-completed-phone");
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
