import { formatKes } from "@jengafund/shared";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { creditWallet, registerInvestor, uniqueContact } from "./support/api";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import {
  dismissToasts,
  openAdminTab,
  openDashboardTab,
  registerThroughTheForm,
  signIn,
  toast,
} from "./support/screens";

/** Design §11 "Honest screens": what each screen shows must be what is true, on a desktop and on a phone. */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const admin = { email: inject("adminEmail"), password: inject("adminPassword") };

const promptSent = "STK push sent to your phone. Please complete the payment.";
/** Simulator phones (design §7). Any valid number pays; this one is used by no other test, so its prompts stay few. */
const phones = { pays: "254708374150", cancels: "254700001032" } as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Chromium logs every refused request; the ones a test provokes on purpose are not bugs. */
function unexpected(errors: string[]): string[] {
  return errors.filter(
    (error) => !/^Failed to load resource: the server responded with a status of (400|500)/.test(error),
  );
}

/** Answers the first GET of an API path with a 500 and lets every later request through. */
async function failOnce(page: Page, path: string): Promise<{ failed: () => boolean }> {
  let failed = false;
  await page.route(`**/api${path}`, async (route: Route) => {
    if (failed || route.request().method() !== "GET") return route.continue();
    failed = true;
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal server error"}' });
  });
  return { failed: () => failed };
}

async function signInAsInvestor(page: Page, label: string) {
  const investor = await registerInvestor(apiUrl, label);
  await signIn(page, investor.email, investor.password);
  await page.waitForURL(`${webUrl}/dashboard/packages`);
  return investor;
}

async function signInAsAdmin(page: Page) {
  await signIn(page, admin.email, admin.password);
  await page.waitForURL(`${webUrl}/admin/overview`);
}

describe("a failed read is an error with Retry, never an empty account", () => {
  test("GET /packages fails once: Retry, then the nine packages", async () => {
    const { page, errors, close } = await openPage(browser);
    const packages = await failOnce(page, "/packages");
    await signInAsInvestor(page, "packages-500");
    await page.getByText("We could not load the packages").waitFor();
    expect(packages.failed()).toBe(true);
    await toast(page, "Failed to load packages").waitFor();
    expect(await page.getByText("No packages available").count()).toBe(0);
    await screenshot(page, "packages-load-error-desktop");
    await page.getByRole("button", { name: "Retry" }).click();
    await page
      .getByRole("button", { name: /^Invest Now/ })
      .first()
      .waitFor();
    expect(await page.getByRole("button", { name: /^Invest Now/ }).count()).toBe(9);
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test("GET /investments fails once on a phone: Retry, not 'No investments yet', then the real empty state", async () => {
    const { page, errors, close } = await openPage(browser, viewports.phone);
    await signInAsInvestor(page, "investments-500");
    const investments = await failOnce(page, "/investments");
    await openDashboardTab(page, "Investments", "My Investments");
    await page.getByText("We could not load your investments").waitFor();
    expect(investments.failed()).toBe(true);
    expect(await page.getByText("No investments yet").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Browse Packages" }).count()).toBe(0);
    await screenshot(page, "phone-investments-load-error");
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByText("No investments yet").waitFor();
    await page.getByRole("button", { name: "Browse Packages" }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test("the first load of an admin list shows a spinner, never 'Showing 0 of 0'", async () => {
    const { page, close } = await openPage(browser);
    await signInAsAdmin(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/admin/transactions?*", async (route) => {
      await held;
      await route.continue();
    });
    await openAdminTab(page, "Transactions", "Transaction Management");
    await page.getByRole("status", { name: "Loading" }).first().waitFor();
    expect(await page.getByText(/^Showing /).count()).toBe(0);
    release();
    await page.getByText(/^Showing \d+ of \d+ transactions?$/).waitFor();
    expect(await page.getByText("Showing 0 of 0 transactions").count()).toBe(0);
    await close();
  });
});

/** Sends a deposit from the header's modal; resolves with M-Pesa's CheckoutRequestID once the modal has closed. */
async function deposit(page: Page, amount: number, phoneNumber: string): Promise<string> {
  await dismissToasts(page);
  await page.getByRole("banner").getByRole("button", { name: "Deposit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Deposit Funds" });
  await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill(String(amount));
  await dialog.getByRole("textbox", { name: "M-Pesa Phone Number" }).fill(phoneNumber);
  const started = page.waitForResponse(
    (response) => response.url().endsWith("/api/mpesa/deposit") && response.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Send STK Push" }).click();
  const body = (await (await started).json()) as { checkoutRequestId: string };
  await dialog.waitFor({ state: "hidden" });
  return body.checkoutRequestId;
}

/** Every text the deposit's toast shows, in order, as the page saw it (Playwright's own waits poll too slowly). */
async function recordToastTexts(page: Page): Promise<() => Promise<{ id: string; text: string }[]>> {
  await page.evaluate(() => {
    const seen: { id: string; text: string }[] = [];
    Object.assign(window, { __toasts: seen });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll(".Toastify__toast")) {
        const text = element.textContent ?? "";
        const last = seen.findLast((entry) => entry.id === element.id);
        if (last?.text !== text) seen.push({ id: element.id, text });
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: { id: string; text: string }[] }).__toasts);
}

describe("money states that cannot be misread", () => {
  test("one toast per deposit, rewritten in place; the trial balance stays in view; a cancelled deposit is no money in", {
    timeout: 90_000,
  }, async () => {
    const { page, errors, close } = await openPage(browser);
    const contact = uniqueContact("honest-depositor");
    await registerThroughTheForm(page, { firstName: "Njeri", lastName: "Mwangi", ...contact });

    // Paid: the "STK push sent…" toast turns into the success, and it stays the only toast.
    const toastTexts = await recordToastTexts(page);
    const paidId = await deposit(page, 1500, phones.pays);
    const success = `Deposit successful! New balance: ${formatKes(1500)}`;
    await toast(page, success, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.locator(".Toastify__toast").count()).toBe(1);
    expect(await page.locator(".Toastify__toast").getAttribute("id")).toBe(`deposit-${paidId}`);
    expect(await page.locator(".Toastify").getByText(promptSent).count()).toBe(0);
    const texts = (await toastTexts()).filter((entry) => entry.id === `deposit-${paidId}`).map((entry) => entry.text);
    expect(texts).toEqual([promptSent, success]);
    await screenshot(page, "deposit-toast-replaced-desktop", { fullPage: false });

    // The first deposit made the account a real-money one; what is left of the trial money is still shown.
    await openDashboardTab(page, "Account", "My Account");
    await page.getByTestId("wallet-balance").getByText(formatKes(1500), { exact: true }).waitFor();
    const trial = page.getByRole("region", { name: "Trial balance" });
    expect(await trial.getByTestId("trial-balance").textContent()).toBe(formatKes(1000));
    expect(await trial.getByText("Demo money").isVisible()).toBe(true);
    expect(await trial.getByText(/cannot be withdrawn/).isVisible()).toBe(true);
    await screenshot(page, "account-trial-after-deposit-desktop");

    // Cancelled on the phone: its own single toast, and in the history a struck-through amount with no '+'.
    const cancelledId = await deposit(page, 200, phones.cancels);
    await toast(page, "Payment cancelled on your phone. No money was taken.", { exact: true }).waitFor({
      timeout: 10_000,
    });
    expect(await page.locator(".Toastify__toast").count()).toBe(1);
    expect(await page.locator(".Toastify__toast").getAttribute("id")).toBe(`deposit-${cancelledId}`);
    await dismissToasts(page);
    await page.getByRole("button", { name: /Transaction History/ }).click();
    const ledger = page
      .getByRole("dialog", { name: "Transaction History" })
      .getByRole("list", { name: "Transactions" });
    const cancelledLine = ledger.getByRole("listitem").filter({ hasText: "cancelled" });
    await cancelledLine.waitFor();
    await expectNoMoneyIn(cancelledLine, 200);
    await ledger.getByText(`+${formatKes(1500)}`).waitFor();
    await screenshot(page, "history-cancelled-deposit-desktop", { fullPage: false });

    // The admin's transactions table says the same.
    const adminView = await openPage(browser);
    await signInAsAdmin(adminView.page);
    await openAdminTab(adminView.page, "Transactions", "Transaction Management");
    await adminView.page.getByPlaceholder("Search by user or reference...").fill(contact.email);
    await adminView.page.getByRole("combobox", { name: "Status" }).selectOption("cancelled");
    const rows = adminView.page.getByRole("table", { name: "Transactions" }).getByRole("row");
    // The header row and the one cancelled deposit, once the search and the filter have both applied.
    await expect.poll(() => rows.count()).toBe(2);
    const row = rows.filter({ hasText: contact.email }).filter({ hasText: phones.cancels });
    await row.waitFor();
    await expectNoMoneyIn(row, 200);
    await screenshot(adminView.page, "admin-transactions-cancelled-desktop");
    await adminView.close();

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test("the withdrawal form states the KES 10 minimum payout, and KES 5 never reaches the server", async () => {
    const { page, errors, close } = await openPage(browser, viewports.phone);
    const investor = await signInAsInvestor(page, "min-payout");
    await creditWallet(apiUrl, admin, investor.user._id, 500);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/withdrawals"))
        sent.push(request.postData() ?? "");
    });
    await page.goto(`${webUrl}/dashboard/account`);
    await page.getByTestId("wallet-balance").getByText(formatKes(500), { exact: true }).waitFor();
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Withdraw Funds" });
    await dialog.getByText(/from KES 10\.00 \(the smallest M-Pesa payout\)/).waitFor();
    await dialog.getByText(/0712345678, 0112345678, \+254712345678 or 254712345678/).waitFor();
    expect(await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).getAttribute("min")).toBe("10");

    await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("5");
    await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
    await toast(page, "Minimum withdrawal to M-Pesa is KES 10").waitFor();
    await screenshot(page, "phone-withdrawal-minimum", { fullPage: false });
    expect(sent).toEqual([]);

    // KES 10 is allowed, and is the first request the server sees.
    await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("10");
    await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
    await toast(page, "Withdrawal request submitted successfully! It will be processed by our admin team.").waitFor();
    expect(sent.map((body) => JSON.parse(body).amount)).toEqual([10]);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});

/** A ledger line of `amount` that moved no money: the amount struck through, neutral, and never "+KES …". */
async function expectNoMoneyIn(line: ReturnType<Page["locator"]>, amount: number) {
  expect(await line.textContent()).not.toContain(`+${formatKes(amount)}`);
  const struck = line.locator("s").getByText(formatKes(amount), { exact: true });
  expect(await struck.isVisible()).toBe(true);
  const color = await struck.evaluate((element) => getComputedStyle(element).color);
  // Chakra's green.fg (#15803d) would say "money in"; a cancelled line is the muted grey.
  expect(color).not.toBe("rgb(21, 128, 61)");
}

describe("signed-in visitors", () => {
  test("an investor on / and /login is offered the dashboard, not Login / Get Started", async () => {
    const { page, close } = await openPage(browser);
    await signInAsInvestor(page, "returning");
    await page.goto(webUrl);
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Go to dashboard" }).waitFor();
    expect(await header.getByRole("link", { name: "Go to dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Get Started" }).count()).toBe(0);
    await screenshot(page, "landing-signed-in-desktop", { fullPage: false });

    await page.goto(`${webUrl}/login`);
    await page.getByText("You are signed in as").waitFor();
    await screenshot(page, "login-signed-in-desktop");
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await close();
  });

  test("an admin on / and /login is offered the admin console", async () => {
    const { page, close } = await openPage(browser, viewports.phone);
    await signInAsAdmin(page);
    await page.goto(webUrl);
    const goBack = page.getByRole("banner").getByRole("link", { name: "Go to dashboard" });
    await goBack.waitFor();
    // The stored session says "signed in" at once; the role (and with it the console's address) follows from /auth/me.
    await expect.poll(() => goBack.getAttribute("href")).toBe("/admin");
    await screenshot(page, "phone-landing-signed-in", { fullPage: false });
    await page.goto(`${webUrl}/login`);
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await page.waitForURL(`${webUrl}/admin/overview`);
    await close();
  });
});

const adminTabs = [
  ["Overview", "Platform Overview"],
  ["Users", "User Management"],
  ["Packages", "Package Management"],
  ["Transactions", "Transaction Management"],
  ["Withdrawals", "Withdrawal Management"],
] as const;

describe.each([
  ["1280 px", viewports.desktop],
  ["360 px", viewports.phone],
] as const)("the admin console at %s", (size, viewport) => {
  test("every tab is on screen, nothing scrolls sideways, and tables fit their box", { timeout: 90_000 }, async () => {
    const { page, close } = await openPage(browser, viewport);
    await signInAsAdmin(page);
    const nav = page.getByRole("navigation", { name: "Admin Panel" });
    for (const [label] of adminTabs) {
      const box = await nav.getByRole("link", { name: label }).boundingBox();
      expect(box, `${label} tab`).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width, `${label} tab on screen`).toBe(
        true,
      );
    }
    for (const [label, heading] of adminTabs) {
      await openAdminTab(page, label, heading);
      await page.getByRole("status", { name: "Loading" }).first().waitFor({ state: "detached" });
      await screenshot(
        page,
        `${size === "360 px" ? "phone-" : ""}admin-fit-${label.toLowerCase()}${size === "360 px" ? "" : "-desktop"}`,
      );
      expect(await hasHorizontalScroll(page), `${label} scrolls sideways`).toBe(false);
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll("table")]
          .filter((table) => table.parentElement && table.scrollWidth > table.parentElement.clientWidth)
          .map(
            (table) =>
              `${table.getAttribute("aria-label")}: ${table.scrollWidth} > ${table.parentElement?.clientWidth}`,
          ),
      );
      expect(overflowing, `${label} tables wider than their box`).toEqual([]);
      // A phone gets cards, never a table to scroll.
      if (viewport.width < 1024) expect(await page.locator("table").count(), `${label} on a phone`).toBe(0);
    }
    await close();
  });
});

describe("keyboard focus", () => {
  test("is visible on the controls a keyboard reaches", async () => {
    const { page, close } = await openPage(browser);
    await signInAsInvestor(page, "keyboard");
    await page
      .getByRole("button", { name: /^Invest Now/ })
      .first()
      .waitFor();
    const rings: Record<string, string> = {};
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const ring =
          (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
        return { name: element.textContent?.trim() || element.getAttribute("aria-label") || element.tagName, ring };
      });
      if (focused) rings[focused.name] = focused.ring ? "visible" : "invisible";
    }
    expect(Object.keys(rings).length).toBeGreaterThan(5);
    expect(Object.entries(rings).filter(([, ring]) => ring === "invisible")).toEqual([]);
    await close();
  });
});
