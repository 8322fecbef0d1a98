/**
 * Issue 23's charts and Account → Notifications in a browser, over the whole local stack: an investor who claimed a
 * trial reward, then paid by M-Pesa and invested, sees the portfolio chart (demo rewards beside the real ones) and
 * its tables, whole on the screen; an admin sees the Overview's four daily charts; a preference turned off survives
 * a reload while the security notices stay on and locked. At 360 and 1280 px, with axe and screenshots.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import {
  buyPackage,
  claimReward,
  depositByMpesa,
  listPackages,
  type RegisteredInvestor,
  registerInvestor,
} from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { openDashboardTab, signIn, toast } from "./support/screens";

const apiUrl = inject("apiUrl");
const webUrl = inject("webUrl");
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");

let browser: Browser;
let investor: RegisteredInvestor;
beforeAll(async () => {
  browser = await launchBrowser();
  investor = await registerInvestor(apiUrl, "Charts");
  const [cheapest] = (await listPackages(apiUrl, investor.token)).sort((a, b) => a.price - b.price);
  if (!cheapest || cheapest.price > 1000) throw new Error("no package the KES 1,000 of trial money can buy");
  // A trial investment and its reward first: demo money and a demo reward today.
  await claimReward(apiUrl, investor.token, await buyPackage(apiUrl, investor.token, cheapest._id, cheapest.price));
  await depositByMpesa(apiUrl, investor, 1200);
  await buyPackage(apiUrl, investor.token, cheapest._id, cheapest.price);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A chart's table is whole on the screen: its box does not scroll sideways (nothing hidden to its right) and its last
 * column ends inside the viewport.
 */
async function expectWholeTable(page: Page, table: Locator) {
  const region = table.locator("xpath=ancestor::*[@role='region'][1]");
  const { scrollWidth, clientWidth } = await region.evaluate((box) => ({
    scrollWidth: box.scrollWidth,
    clientWidth: box.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const viewportWidth = page.viewportSize()?.width ?? 0;
  for (const cell of [table.locator("thead th").last(), table.locator("tbody tr").last().locator("td").last()]) {
    const box = await cell.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(viewportWidth);
  }
}

/** A switch's on/off state as drawn (its root carries it), and the root itself, which is what a finger taps. */
const switchRoot = (input: Locator) => input.locator("xpath=ancestor::label[1]");

async function openNotifications(page: Page) {
  await openDashboardTab(page, "Account", "My Account");
  await page.getByRole("button", { name: /^Account Settings/ }).click();
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  await dialog.getByRole("button", { name: "Save" }).waitFor();
  return dialog;
}

describe.each([
  ["phone", viewports.phone, "Deposit credited by SMS"],
  ["desktop", viewports.desktop, "Monthly statement by Email"],
] as const)("charts and notifications at the %s size", (size, viewport, preference) => {
  test("an investor sees the portfolio chart and its table, and turns a notice off for good beside locked ones", async () => {
    const { page, errors, close } = await openPage(browser, viewport);
    try {
      await signIn(page, investor.email, investor.password);
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      await openDashboardTab(page, "Investments", "My Investments");
      const chart = page.getByRole("region", { name: "Portfolio over time" });
      await chart.getByRole("img", { name: "Portfolio value per day, last 30 days" }).waitFor();
      await chart.getByRole("img", { name: "Rewards claimed per day, last 30 days" }).waitFor();
      // Value is wallet plus invested: the deposit, whatever share of it was invested.
      await chart.getByText("Value rose from KES 0.00 to KES 1,200.00 over 30 days").waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `portfolio-chart-${size}`);

      await chart.getByRole("button", { name: "Show as table" }).first().click();
      const table = chart.getByRole("table", { name: "Portfolio value per day, last 30 days" });
      await expect.poll(() => table.getByRole("row").count()).toBe(31);
      expect(await table.getByRole("row").last().textContent()).toMatch(/1,200\.00/);
      // Today's trial reward stands beside the (no) real ones, in the chart and in its table.
      await chart
        .getByText(/^Rewards claimed: none over 30 days\. Demo rewards claimed: KES [\d,]+\.\d\d in total/)
        .waitFor();
      await chart.getByRole("button", { name: "Show as table" }).click();
      const rewards = chart.getByRole("table", { name: "Rewards claimed per day, last 30 days" });
      await expect.poll(() => rewards.getByRole("row").count()).toBe(31);
      expect(await rewards.locator("thead th").allTextContents()).toEqual(["Day", "Rewards", "Demo rewards"]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await table.scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-chart-tables-${size}`);
      await expectWholeTable(page, table);
      await expectWholeTable(page, rewards);

      // Account → Account Settings → Notifications.
      let dialog = await openNotifications(page);
      for (const locked of ["Security notices by SMS", "Withdrawal requested by Email"]) {
        const input = dialog.getByRole("checkbox", { name: new RegExp(`^${locked}`) });
        expect(await input.isDisabled()).toBe(true);
        expect(await switchRoot(input).getAttribute("data-state")).toBe("checked");
      }
      const choice = dialog.getByRole("checkbox", { name: preference });
      expect(await switchRoot(choice).getAttribute("data-state")).toBe("checked");
      await switchRoot(choice).click();
      await expect.poll(() => switchRoot(choice).getAttribute("data-state")).toBe("unchecked");
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalScroll(page)).toBe(false);
      // Changing the alerts needs the password (design.md §13.2).
      await dialog.getByLabel(/^Your password/).fill(investor.password);
      await screenshot(page, `notifications-dialog-${size}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Save" }).click();
      await toast(page, "Notification preferences saved").waitFor();
      await dialog.waitFor({ state: "hidden" });

      await page.reload();
      dialog = await openNotifications(page);
      expect(await switchRoot(dialog.getByRole("checkbox", { name: preference })).getAttribute("data-state")).toBe(
        "unchecked",
      );
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test("an admin sees deposits, payouts, new users and rewards per day on the Overview", async () => {
    const { page, errors, close } = await openPage(browser, viewport);
    try {
      await signIn(page, adminEmail, adminPassword);
      await page.waitForURL(`${webUrl}/admin/overview`);
      const charts = page.getByRole("region", { name: "Last 30 days", exact: true });
      for (const name of ["Deposits (KES)", "Payouts (KES)", "New users", "Rewards (KES)"]) {
        await charts.getByRole("img", { name: `${name} per day, last 30 days` }).waitFor();
      }
      await charts.getByText(/^Deposits: KES [\d,]+\.\d\d in total over 30 days/).waitFor();
      await charts.getByRole("button", { name: "Show as table" }).nth(2).click();
      const newUsers = charts.getByRole("table", { name: "New users per day, last 30 days" });
      await expect.poll(() => newUsers.getByRole("row").count()).toBe(31);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectWholeTable(page, newUsers);
      await charts.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-daily-charts-${size}`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
