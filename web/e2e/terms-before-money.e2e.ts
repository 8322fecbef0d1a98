import {
  centsToKes,
  dailyRewardCents,
  formatKes,
  kesToCents,
  maturityDayOfPurchase,
  type Package,
} from "@jengafund/shared";
import { format, parseISO } from "date-fns";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, depositByMpesa, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { openDashboardTab, signIn, toast } from "./support/screens";

/**
 * Design §12.7 "Terms before money" and "Demo and real money apart": the card and the buy dialog say when the
 * package matures, what a day pays for the amount typed and what happens to the capital; one tap is one purchase;
 * the portfolio summary and the header keep demo (trial) money apart from real money. At 360 and 1280 px.
 */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");

/** The seeded KES 300 package: cheap enough for the trial balance. */
const packageName = "Safaricom Growth Fund";
const bought = "Investment purchased successfully!";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What one claim pays for `kes` invested, by the claim's own rule (shared dailyRewardCents). */
function dailyReward(pkg: Package, kes: number): string {
  return formatKes(centsToKes(dailyRewardCents(kesToCents(kes), pkg.dailyReturnRate)));
}

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

describe.each([
  ["360 px", viewports.phone],
  ["1280 px", viewports.desktop],
] as const)("terms before money at %s", (size, viewport) => {
  const shot = (name: string) => (size === "360 px" ? `phone-${name}` : `${name}-desktop`);

  test("the card and the dialog state the terms; one tap buys once; real and demo money stay apart", {
    timeout: 150_000,
  }, async () => {
    const investor = await registerInvestor(apiUrl, `terms-${viewport.width}`);
    const { packages } = await apiCall<{ packages: Package[] }>(apiUrl, "GET", "/packages", undefined, investor.token);
    const pkg = packages.find((candidate) => candidate.name === packageName);
    if (!pkg) throw new Error(`${packageName} is not seeded`);
    const maturity = format(parseISO(maturityDayOfPurchase(pkg)), "MMM dd, yyyy");

    const { page, errors, close } = await openPage(browser, viewport);
    const purchases: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/investments/buy"))
        purchases.push(request.postData() ?? "");
    });
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);

    // The card: the maturity date of a purchase made today.
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: packageName }) });
    await card.getByText("Matures on").waitFor();
    expect(await card.getByText(maturity, { exact: true }).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, shot("terms-package-card"), { fullPage: false });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAxeClean(page, "packages");

    // The dialog: maturity, the daily reward for the amount typed, and the capital at maturity.
    await card.getByRole("button", { name: `Invest Now in ${packageName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Investment" });
    const terms = dialog.getByRole("region", { name: "Terms of this investment" });
    const amount = dialog.getByRole("spinbutton", { name: "Amount (KES)" });
    const reward = terms.getByTestId("daily-reward");
    await terms.getByText(maturity, { exact: true }).waitFor();
    expect(await reward.textContent()).toBe(dailyReward(pkg, 300));
    await amount.fill("750");
    expect(dailyReward(pkg, 750)).not.toBe(dailyReward(pkg, 300));
    await expect.poll(() => reward.textContent()).toBe(dailyReward(pkg, 750));
    const capital = terms.getByTestId("capital-at-maturity");
    expect(await capital.textContent()).toBe(
      "On the maturity day the daily rewards stop and the trial money you invest is paid back into your trial " +
        "balance automatically. Trial money can never be withdrawn.",
    );
    expect(await capital.isVisible()).toBe(true);
    await screenshot(page, shot("terms-buy-dialog"), { fullPage: false });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAxeClean(page, "buy dialog");

    // A bad amount is said on the field, inside the dialog, and nothing is sent.
    const confirm = dialog.getByRole("button", { name: "Confirm Purchase" });
    await amount.fill("300.005");
    await dialog.getByText("Amount can have at most 2 decimals").waitFor();
    expect(await amount.getAttribute("aria-invalid")).toBe("true");
    expect(await reward.textContent()).toBe("—");
    await confirm.click();
    await amount.fill("250");
    await dialog.getByText("Enter at least KES 300.00, this package's minimum").waitFor();
    // No package takes KES 250, so nothing prices it: the refusal on the field instead of a daily reward.
    expect(await reward.textContent()).toBe("—");
    expect(await confirm.isDisabled()).toBe(true);
    await screenshot(page, shot("terms-buy-field-error"), { fullPage: false });
    await expectAxeClean(page, "buy dialog with a field error");
    expect(purchases).toEqual([]);

    // A double click on Confirm Purchase: one request, one toast.
    await amount.fill("300");
    await confirm.dblclick();
    await toast(page, bought).waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("banner").getByText(formatKes(700), { exact: true }).waitFor();
    expect(purchases.map((body) => JSON.parse(body))).toEqual([{ packageId: pkg._id, amount: 300 }]);
    expect(await page.locator(".Toastify__toast").filter({ hasText: bought }).count()).toBe(1);
    // A trial account's balance is its trial money: shown once, with its badge, no demo line beside it.
    expect(await page.getByTestId("header-demo-balance").count()).toBe(0);

    // Real money by M-Pesa; what is left of the trial money follows the single balance as "+ KES 700.00 demo".
    await depositByMpesa(apiUrl, investor, 1500);
    await page.reload();
    const header = page.getByRole("banner");
    await header.getByText(formatKes(1500), { exact: true }).waitFor();
    expect(await header.getByTestId("header-demo-balance").textContent()).toBe(`+ ${formatKes(700)} demo`);
    expect(await header.getByText("Trial", { exact: true }).count()).toBe(0);

    // A real-money purchase says what happens to real capital.
    await card.getByRole("button", { name: `Invest Now in ${packageName}` }).click();
    await terms.getByText(maturity, { exact: true }).waitFor();
    expect(await capital.textContent()).toBe(
      "On the maturity day the daily rewards stop and the amount you invest is paid back into your wallet balance " +
        "automatically.",
    );
    expect(await dialog.getByText("Trial Mode").count()).toBe(0);
    await confirm.click();
    await toast(page, bought).last().waitFor();
    await dialog.waitFor({ state: "hidden" });
    await header.getByText(formatKes(1200), { exact: true }).waitFor();
    expect(purchases).toHaveLength(2);
    const demoInHeader = header.getByTestId("header-demo-balance");
    expect(await demoInHeader.textContent()).toBe(`+ ${formatKes(700)} demo`);
    const box = await demoInHeader.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width, "the demo line is on screen").toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, shot("terms-header-demo"), { fullPage: false });
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The portfolio summary: the spec's totals for real money, the demo money beside each, never added in.
    await openDashboardTab(page, "Investments", "My Investments");
    const summary = page.getByRole("region", { name: "Portfolio summary" });
    const figure = (label: string) => summary.locator(".chakra-stat__root").filter({ hasText: label });
    await figure("Total Invested")
      .getByText(`+ ${formatKes(300)} demo`)
      .waitFor();
    expect(await figure("Total Invested").textContent()).toBe(
      `Total Invested${formatKes(300)}+ ${formatKes(300)} demo`,
    );
    expect(await figure("Current Value").textContent()).toBe(`Current Value${formatKes(300)}+ ${formatKes(300)} demo`);
    expect(await summary.getByText(formatKes(600)).count()).toBe(0);
    await screenshot(page, shot("terms-portfolio-split"));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAxeClean(page, "investments");

    expect(errors).toEqual([]);
    await close();
  });
});
