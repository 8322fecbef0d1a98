import { formatKes } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { buyPackage, creditWallet, listPackages, registerInvestor, uniqueContact } from "./support/api";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { currentUser, openDashboardTab, registerThroughTheForm, signIn, toast } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const admin = { email: inject("adminEmail"), password: inject("adminPassword") };

/** The seeded KES 300 package: cheap enough to buy with the trial balance. */
const packageName = "Safaricom Growth Fund";

function frameBalance(page: Page, amount: number) {
  return page.getByRole("banner").getByText(formatKes(amount), { exact: true });
}

/** Chromium reports every 4xx as a console error; the refusals this journey provokes on purpose are not bugs. */
function unexpected(errors: string[]): string[] {
  return errors.filter(
    (error) => !error.startsWith("Failed to load resource: the server responded with a status of 400"),
  );
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("an investor's money flows", () => {
  test("buy, claim, refer, and withdraw once there is real money", { timeout: 120_000 }, async () => {
    const { page, errors, close } = await openPage(browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: webUrl });
    const contact = uniqueContact("investor");
    await registerThroughTheForm(page, { firstName: "Wanjiku", lastName: "Kamau", ...contact });
    // Payouts go only to the account's own numbers (design.md §12.2): the registered one, stored as 2547….
    const registeredNumber = `254${contact.phone.slice(1)}`;

    // Packages: nine cards, then a trial purchase of the KES 300 package.
    await page.getByRole("heading", { name: "Investment Packages" }).waitFor();
    await page
      .getByRole("button", { name: /^Invest Now/ })
      .first()
      .waitFor();
    expect(await page.getByRole("button", { name: /^Invest Now/ }).count()).toBe(9);
    await screenshot(page, "packages-desktop");
    await page.getByRole("button", { name: `Invest Now in ${packageName}` }).click();
    const buyDialog = page.getByRole("dialog", { name: "Confirm Investment" });
    await buyDialog.getByText("Trial Mode").waitFor();
    expect(await buyDialog.getByRole("spinbutton", { name: "Amount (KES)" }).inputValue()).toBe("300");
    await screenshot(page, "buy-dialog-desktop", { fullPage: false });
    await buyDialog.getByRole("button", { name: "Confirm Purchase" }).click();
    await toast(page, "Investment purchased successfully!").waitFor();
    await frameBalance(page, 700).waitFor();

    // Investments: claim today's reward once.
    await openDashboardTab(page, "Investments", "My Investments");
    const card = page.getByRole("article", { name: packageName });
    await card.getByText("Claimable Today").waitFor();
    await screenshot(page, "investments-desktop");
    await card.getByRole("button", { name: "Claim Reward" }).click();
    const claimed = toast(page, /^Reward claimed: KES /);
    await claimed.waitFor();
    const reward = Number(
      ((await claimed.textContent()) ?? "").replace("Reward claimed: KES ", "").replaceAll(",", ""),
    );
    expect(reward).toBeGreaterThan(0);
    await card.getByText("Already Claimed").waitFor();
    expect(await card.getByRole("button", { name: "Claim Reward" }).isDisabled()).toBe(true);
    // The card says when the next claim opens: the next Nairobi midnight, on this browser's clock.
    expect(await card.getByTestId("next-claim").textContent()).toMatch(
      /^Next claim opens (today|tomorrow) at (00:00 Nairobi time|\d\d:\d\d your time \(midnight in Nairobi\))\.$/,
    );
    await frameBalance(page, 700 + reward).waitFor();
    await screenshot(page, "investments-claimed-desktop");

    // Referrals: the link lands in the clipboard.
    await openDashboardTab(page, "Referrals", "Referral Program");
    const { _id: userId, referralCode } = await currentUser(page);
    await page.getByRole("button", { name: "Copy" }).click();
    await toast(page, "Referral link copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${webUrl}/register?ref=${referralCode}`);
    await screenshot(page, "referrals-desktop");

    // Account: trial money cannot leave the platform, and the server says why.
    await openDashboardTab(page, "Account", "My Account");
    await screenshot(page, "account-desktop");
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    const withdrawDialog = page.getByRole("dialog", { name: "Withdraw Funds" });
    await withdrawDialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("200");
    await withdrawDialog.getByRole("button", { name: "Request Withdrawal" }).click();
    await toast(page, "Trial balance cannot be withdrawn. Deposit via M-Pesa to fund your wallet.").waitFor();
    await withdrawDialog.getByRole("button", { name: "Cancel" }).click();
    await withdrawDialog.waitFor({ state: "hidden" });

    // Real money from the admin, then a withdrawal that holds KES 200 of it.
    await creditWallet(apiUrl, admin, userId, 500);
    await page.reload();
    const walletBalance = page.getByTestId("wallet-balance");
    await walletBalance.getByText(formatKes(500), { exact: true }).waitFor();
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await withdrawDialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("200");
    await withdrawDialog.getByRole("textbox", { name: "M-Pesa Phone Number" }).fill(contact.phone);
    await screenshot(page, "withdrawal-dialog-desktop", { fullPage: false });
    await withdrawDialog.getByRole("button", { name: "Request Withdrawal" }).click();
    await toast(page, "Withdrawal request submitted successfully! It will be processed by our admin team.").waitFor();
    await withdrawDialog.waitFor({ state: "hidden" });
    await walletBalance.getByText(formatKes(300), { exact: true }).waitFor();

    // Transaction History: the hold shows as a pending withdrawal.
    await page.getByRole("button", { name: /Transaction History/ }).click();
    const history = page.getByRole("dialog", { name: "Transaction History" });
    const ledger = history.getByRole("list", { name: "Transactions" });
    await ledger.getByText("−KES 200.00").waitFor();
    // Not paid yet: held, awaiting an admin's approval.
    await ledger
      .getByText(
        "Pending approval: KES 200.00 is held from your balance until an admin approves it, and comes back if it is refused.",
      )
      .waitFor();
    await screenshot(page, "history-desktop", { fullPage: false });
    await history.getByRole("tab", { name: "Withdrawals" }).click();
    const requests = history.getByRole("list", { name: "Withdrawal requests" });
    const request = requests.getByRole("listitem").first();
    expect(await request.getByText(formatKes(200), { exact: true }).isVisible()).toBe(true);
    expect(await request.getByText("pending", { exact: true }).isVisible()).toBe(true);
    expect(await request.getByText(`To M-Pesa ${registeredNumber}`).isVisible()).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});

describe("the investor tabs on a 360 px phone", () => {
  test("no tab scrolls sideways, and the dialogs fit", { timeout: 90_000 }, async () => {
    const investor = await registerInvestor(apiUrl, "phone");
    const [cheapest] = (await listPackages(apiUrl, investor.token)).sort((a, b) => a.price - b.price);
    if (!cheapest) throw new Error("No packages seeded");
    await buyPackage(apiUrl, investor.token, cheapest._id, cheapest.price);

    const { page, errors, close } = await openPage(browser, viewports.phone);
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);

    const tabs = [
      { label: "Packages", heading: "Investment Packages", ready: page.getByRole("button", { name: /^Invest Now/ }) },
      { label: "Investments", heading: "My Investments", ready: page.getByRole("article") },
      { label: "Referrals", heading: "Referral Program", ready: page.getByText("No referrals yet") },
      { label: "Account", heading: "My Account", ready: page.getByText("Personal Information") },
    ];
    for (const tab of tabs) {
      await openDashboardTab(page, tab.label, tab.heading);
      await tab.ready.first().waitFor();
      await screenshot(page, `phone-${tab.label.toLowerCase()}`);
      expect(await hasHorizontalScroll(page), `${tab.label} scrolls sideways`).toBe(false);
    }

    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await page.getByRole("dialog", { name: "Withdraw Funds" }).waitFor();
    await screenshot(page, "phone-withdrawal-dialog", { fullPage: false });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole("dialog", { name: "Withdraw Funds" }).getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: /Transaction History/ }).click();
    const history = page.getByRole("dialog", { name: "Transaction History" });
    await history.getByRole("list", { name: "Transactions" }).waitFor();
    await screenshot(page, "phone-history-dialog", { fullPage: false });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await history.getByRole("button", { name: "Close" }).click();
    await history.waitFor({ state: "hidden" });

    await openDashboardTab(page, "Packages", "Investment Packages");
    await page
      .getByRole("button", { name: /^Invest Now/ })
      .first()
      .click();
    await page.getByRole("dialog", { name: "Confirm Investment" }).waitFor();
    await screenshot(page, "phone-buy-dialog", { fullPage: false });
    expect(await hasHorizontalScroll(page)).toBe(false);

    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
