import { SECURITY_MESSAGES } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { apiCall, creditWallet, registerInvestor, uniqueContact } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, viewports } from "./support/browser";
import { mailsTo, newestMailTo } from "./support/mail";
import { dismissToasts, openAdminTab, openDashboardTab, signIn, toast } from "./support/screens";
import { payoutNumberProvenHoursAgo } from "./support/table";

/**
 * Payout numbers (design.md §12.2, §13.2) in Chromium against the whole local stack: a withdrawal to a number the
 * account never deposited from is refused with the server's message; once an STK deposit from that number has
 * completed (the simulator pays any number by default) the form shows it with its "usable from" time and the server
 * refuses it until then; a day later (the proof moved back in the table) it is allowed; the admin sees the registered
 * number, when the payout number was first proven and the account's signals beside the request; the owner gets one
 * "withdrawal was requested" notice, read from MailDev, for the allowed withdrawal only. A second investor blocks a
 * new number from the link in the notice's email. Screenshots go to /tmp (looked at by hand), axe runs at 1280 and
 * 360 px.
 */
const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const mailUrl = inject("mailUrl");
const admin = { email: inject("adminEmail"), password: inject("adminPassword") };

const HINT =
  "Deposit once from a number to be able to withdraw to it: payouts to a new number start 24 hours after its first deposit.";
/** The notice of a new payout number, and of its blocking (functions/src/mail/templates.ts). */
const NEW_NUMBER_SUBJECT = "JengaFund: a new number can receive your payouts";
const BLOCKED_SUBJECT = "JengaFund: a payout number was blocked";
const SUBMITTED = "Withdrawal request submitted successfully! It will be processed by our admin team.";
/** The notice's subject (functions/src/mail/templates.ts). */
const WITHDRAWAL_REQUESTED_SUBJECT = "JengaFund: a withdrawal was requested";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/payout-numbers-${name}.png`, fullPage: false, animations: "disabled" });

/** An STK deposit from `phone` through the API (the deposit form is another feature's test), followed to its end. */
async function depositFrom(token: string, phone: string) {
  const { checkoutRequestId } = await apiCall<{ checkoutRequestId: string }>(
    apiUrl,
    "POST",
    "/mpesa/deposit",
    { amount: 50, phoneNumber: phone },
    token,
  );
  for (let tries = 0; tries < 100; tries++) {
    const { deposit } = await apiCall<{ deposit: { status: string } }>(
      apiUrl,
      "GET",
      `/mpesa/deposit/${checkoutRequestId}`,
      undefined,
      token,
    );
    if (deposit.status === "completed") return;
    if (deposit.status !== "pending") throw new Error(`deposit ended ${deposit.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("deposit did not complete");
}

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
  expect(await hasHorizontalScroll(page), `${where} scrolls sideways`).toBe(false);
}

async function openWithdrawal(page: Page) {
  await dismissToasts(page);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw Funds" });
  await dialog.getByText(HINT).waitFor();
  return dialog;
}

describe("payout numbers", () => {
  test("a withdrawal to another number is refused, then allowed after a deposit from it; the admin sees the signals", {
    timeout: 120_000,
  }, async () => {
    const investor = await registerInvestor(apiUrl, "payout", { firstName: "Nyokabi", lastName: "Payout" });
    const registered = `254${investor.user.phoneNumber.slice(-9)}`;
    await creditWallet(apiUrl, admin, investor.user._id, 1000);
    const other = uniqueContact("payout-other").phone;
    const otherMsisdn = `254${other.slice(1)}`;

    const { page, errors, close } = await openPage(browser);
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);
    await openDashboardTab(page, "Account", "My Account");

    // Only the registered number is offered, and the field starts with it.
    let dialog = await openWithdrawal(page);
    const phoneField = dialog.getByRole("textbox", { name: "M-Pesa Phone Number" });
    expect(await phoneField.inputValue()).toBe(investor.user.phoneNumber);
    const choices = dialog.getByRole("group", { name: "Numbers you can withdraw to" });
    await choices.getByRole("button", { name: `${registered} (registered)` }).waitFor();
    await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("200");
    await phoneField.fill(other);
    await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
    await toast(page, SECURITY_MESSAGES.payoutNumberNotAllowed).waitFor();
    await shot(page, "refused-desktop");
    await expectAxeClean(page, "withdrawal refused, 1280 px");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // A deposit from that number proves it: it is offered with the time it becomes usable, and refused until then.
    await depositFrom(investor.token, other);
    dialog = await openWithdrawal(page);
    const waiting = dialog.getByRole("group", { name: "Numbers you can withdraw to" }).getByRole("button", {
      name: new RegExp(`^${otherMsisdn} \\(deposited from, usable from [A-Z][a-z]{2} \\d{2}, \\d{2}:\\d{2}\\)$`),
    });
    await waiting.waitFor();
    await waiting.click();
    const wait = dialog.getByText(
      /^This number can receive payouts from [A-Z][a-z]{2} \d{2}, \d{2}:\d{2} \(Nairobi time\)$/,
    );
    await wait.waitFor();
    const waitText = (await wait.textContent()) ?? "";
    await shot(page, "usable-from-desktop");
    await expectAxeClean(page, "withdrawal dialog, a number not yet usable, 1280 px");
    await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("200");
    await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
    await toast(page, waitText).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // A day later (its proof moved back in the table), the withdrawal goes through.
    await payoutNumberProvenHoursAgo(investor.user._id, otherMsisdn, 25);
    dialog = await openWithdrawal(page);
    const proven = dialog
      .getByRole("group", { name: "Numbers you can withdraw to" })
      .getByRole("button", { name: `${otherMsisdn} (deposited from)` });
    await proven.waitFor();
    await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("200");
    await proven.click();
    expect(await dialog.getByRole("textbox", { name: "M-Pesa Phone Number" }).inputValue()).toBe(otherMsisdn);
    expect(await proven.getAttribute("aria-pressed")).toBe("true");
    await shot(page, "choices-desktop");
    await expectAxeClean(page, "withdrawal dialog with choices, 1280 px");
    await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
    await toast(page, SUBMITTED).waitFor();
    await dialog.waitFor({ state: "hidden" });

    // The owner is told by email: the amount and the number, masked to its first two and last four digits.
    const requested = { address: investor.email, subject: WITHDRAWAL_REQUESTED_SUBJECT };
    const notice = await newestMailTo(mailUrl, requested);
    expect(notice.subject).toBe(WITHDRAWAL_REQUESTED_SUBJECT);
    const masked = `${other.slice(0, 2)}••••${other.slice(-4)}`;
    expect(notice.text).toContain(`a withdrawal of KES 200.00 to the M-Pesa number ${masked} was requested`);
    expect(notice.text).toMatch(/^Amount: KES 200\.00$/m);
    expect(notice.text).toMatch(new RegExp(`^M-Pesa number: ${masked}$`, "m"));
    expect(notice.text).toMatch(/^When: .+ \(Nairobi time\)$/m);
    expect(notice.text).not.toContain(other.slice(1));
    // The refused withdrawal held nothing and told nobody: the one notice is the allowed one's.
    expect(await mailsTo(mailUrl, requested)).toHaveLength(1);

    // The same on a phone.
    await page.setViewportSize(viewports.phone);
    dialog = await openWithdrawal(page);
    await dialog.getByRole("button", { name: `${otherMsisdn} (deposited from)` }).waitFor();
    await shot(page, "choices-phone");
    await expectAxeClean(page, "withdrawal dialog with choices, 360 px");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    // The refusal is a 403 the browser logs as a failed resource; nothing else may go wrong.
    expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    await close();

    // The admin: the registered number beside the payout's, and the account's signals in words.
    const adminTab = await openPage(browser);
    const adminPage = adminTab.page;
    await signIn(adminPage, admin.email, admin.password);
    await adminPage.waitForURL(`${webUrl}/admin/overview`);
    await openAdminTab(adminPage, "Withdrawals", "Withdrawal Management");
    const table = adminPage.getByRole("table", { name: "Withdrawals" });
    const row = table.getByRole("row").filter({ hasText: investor.email });
    await row.getByText("Not the registered number").waitFor();
    expect(await row.getByText(`Registered: ${registered}`).isVisible()).toBe(true);
    expect(await row.getByText("First proven 1 day ago").isVisible()).toBe(true);
    const signals = row.getByRole("list", { name: "Account signals" });
    expect(await signals.getByText(/^New account: /).isVisible()).toBe(true);
    // The investor signed in from a browser new to the account just now.
    expect(await signals.getByText("New-browser sign-in in the last 24 h").isVisible()).toBe(true);
    expect(await signals.getByText("Admin credits in 30 days: 1 (KES 1,000.00)").isVisible()).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await shot(adminPage, "admin-table-desktop");
    await expectAxeClean(adminPage, "admin withdrawals table, 1280 px");
    await row.getByRole("button", { name: "Process withdrawal of Nyokabi Payout" }).click();
    const process = adminPage.getByRole("dialog", { name: "Process Withdrawal" });
    await process.getByText(`Registered: ${registered}`).waitFor();
    await shot(adminPage, "admin-dialog-desktop");
    await expectAxeClean(adminPage, "admin process dialog, 1280 px");
    await process.getByRole("button", { name: "Close dialog" }).click();
    await process.waitFor({ state: "hidden" });

    await adminPage.setViewportSize(viewports.phone);
    const cards = adminPage.getByRole("list", { name: "Withdrawals" });
    const card = cards.getByRole("listitem").filter({ hasText: investor.email }).first();
    await card.getByText(`Registered: ${registered}`).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(adminPage, "admin-cards-phone");
    await expectAxeClean(adminPage, "admin withdrawal cards, 360 px");
    await card.getByRole("button", { name: "Process withdrawal of Nyokabi Payout" }).click();
    await adminPage
      .getByRole("dialog", { name: "Process Withdrawal" })
      .getByText(`Registered: ${registered}`)
      .waitFor();
    await shot(adminPage, "admin-dialog-phone");
    await expectAxeClean(adminPage, "admin process dialog, 360 px");
    expect(adminTab.errors).toEqual([]);
    await adminTab.close();
    // Still one notice: nothing else sent one late.
    expect(await mailsTo(mailUrl, requested)).toHaveLength(1);
  });

  test("the owner blocks a new number from the notice's link, at 360 px: the number is gone and every session ended", {
    timeout: 120_000,
  }, async () => {
    const investor = await registerInvestor(apiUrl, "blocker", { firstName: "Achieng", lastName: "Blocker" });
    const thief = uniqueContact("payout-thief").phone;
    const thiefMsisdn = `254${thief.slice(1)}`;
    await depositFrom(investor.token, thief);

    const notice = await newestMailTo(mailUrl, { address: investor.email, subject: NEW_NUMBER_SUBJECT });
    expect(notice.text).toContain(`M-Pesa number: ${thief.slice(0, 2)}••••${thief.slice(-4)}`);
    expect(notice.text).toMatch(/^Payouts to it from: .+ \(Nairobi time\)$/m);
    const link = notice.text.match(/https?:\/\/\S+\/block-payout-number\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link ?? "");

    const { page, errors, close } = await openPage(browser, viewports.phone);
    await page.goto(`${webUrl}${url.pathname}${url.search}`);
    await page.getByRole("heading", { name: "Block a payout number" }).waitFor();
    await shot(page, "block-phone");
    await expectAxeClean(page, "block page, 360 px");
    await page.getByRole("button", { name: "Block this number" }).click();
    await page.getByText(SECURITY_MESSAGES.payoutNumberBlocked).waitFor();
    await shot(page, "blocked-phone");
    await expectAxeClean(page, "block page answered, 360 px");
    await newestMailTo(mailUrl, { address: investor.email, subject: BLOCKED_SUBJECT });

    // The link works once.
    await page.reload();
    await page.getByRole("button", { name: "Block this number" }).click();
    await page.getByRole("alert").getByText(SECURITY_MESSAGES.blockLinkInvalid).waitFor();
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await close();

    // The session the deposit was made with has ended; signed in again, the number is not offered.
    const ended = await fetch(`${apiUrl}/auth/me`, { headers: { authorization: `Bearer ${investor.token}` } });
    expect(ended.status).toBe(401);
    const { token } = await apiCall<{ token: string }>(apiUrl, "POST", "/auth/login", {
      email: investor.email,
      password: investor.password,
    });
    const { numbers } = await apiCall<{ numbers: { phoneNumber: string }[] }>(
      apiUrl,
      "GET",
      "/withdrawals/payout-numbers",
      undefined,
      token,
    );
    expect(numbers.map((number) => number.phoneNumber)).not.toContain(thiefMsisdn);
  });
});
