import { formatKes } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { registerInvestor, uniqueContact } from "./support/api";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { dismissToasts, registerThroughTheForm, signIn, toast } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const simUrl = inject("simUrl");

const promptSent = "STK push sent to your phone. Please complete the payment.";

/** Simulator phones (design §7): which outcome the M-Pesa prompt has. */
const phones = { pays: "254708374149", cancels: "254700001032", callbackLost: "254700009999" } as const;

function header(page: Page) {
  return page.getByRole("banner");
}

/** Opens the modal from the header, fills it, and sends the prompt; resolves with M-Pesa's CheckoutRequestID. */
async function deposit(page: Page, amount: number, phoneNumber: string, shot?: string): Promise<string> {
  await dismissToasts(page);
  await header(page).getByRole("button", { name: "Deposit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Deposit Funds" });
  await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill(String(amount));
  await dialog.getByRole("textbox", { name: "M-Pesa Phone Number" }).fill(phoneNumber);
  if (shot) await screenshot(page, shot, { fullPage: false });
  const started = page.waitForResponse(
    (response) => response.url().endsWith("/api/mpesa/deposit") && response.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Send STK Push" }).click();
  const body = (await (await started).json()) as { checkoutRequestId: string };
  await dialog.waitFor({ state: "hidden" });
  return body.checkoutRequestId;
}

/** When the simulator's STK result callback for this prompt was answered by our API. */
async function callbackDeliveredAt(checkoutRequestId: string): Promise<number> {
  const response = await fetch(`${simUrl}/__sim/callbacks`);
  const { callbacks } = (await response.json()) as {
    callbacks: { kind: string; relatesTo: string; finishedAt?: string; status?: number }[];
  };
  const delivered = callbacks.find((c) => c.kind === "stk" && c.relatesTo === checkoutRequestId && c.status === 200);
  if (!delivered?.finishedAt) throw new Error(`No delivered STK callback for ${checkoutRequestId}`);
  return Date.parse(delivered.finishedAt);
}

interface Sighting {
  name: string;
  selector: string;
  text: string;
}

/**
 * Notes, in the page, the moment each text first enters the element it belongs to. Playwright's own waits poll
 * (every 500 ms after the first few tries), which would add up to half a second to a timing.
 */
async function noteSightings(page: Page, sightings: Sighting[]): Promise<() => Promise<Record<string, number>>> {
  await page.evaluate((wanted) => {
    const seen: Record<string, number> = {};
    Object.assign(window, { __sightings: seen });
    new MutationObserver(() => {
      for (const { name, selector, text } of wanted) {
        if (seen[name] === undefined && document.querySelector(selector)?.textContent?.includes(text)) {
          seen[name] = Date.now();
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, sightings);
  return () => page.evaluate(() => (window as unknown as { __sightings: Record<string, number> }).__sightings);
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("depositing with an M-Pesa prompt", () => {
  test("a paid prompt lifts the trial account to real money; a cancelled one changes nothing", async () => {
    const { page, errors, close } = await openPage(browser);
    await registerThroughTheForm(page, { firstName: "Achieng", lastName: "Otieno", ...uniqueContact("depositor") });
    await header(page).getByText(formatKes(1000), { exact: true }).waitFor();
    expect(await header(page).getByText("Trial", { exact: true }).isVisible()).toBe(true);

    // Paid: the balance and the success toast arrive without a reload.
    const success = `Deposit successful! New balance: ${formatKes(1500)}`;
    const sightings = await noteSightings(page, [
      { name: "prompt", selector: ".Toastify", text: promptSent },
      { name: "success", selector: ".Toastify", text: success },
      // "Balance:" keeps the pending pill beside it ("Awaiting M-Pesa: KES 1,500.00") from counting.
      { name: "balance", selector: "header", text: `Balance:${formatKes(1500)}` },
    ]);
    const paidId = await deposit(page, 1500, phones.pays, "deposit-form-desktop");
    await toast(page, success, { exact: true }).waitFor({ timeout: 10_000 });
    // "STK push sent…" showed first and was then rewritten into the success: one toast per deposit (design §11).
    // It can be gone before a Playwright wait would look, so the page's own observer says it was there.
    expect((await sightings()).prompt).toBeDefined();
    expect(await page.locator(".Toastify__toast").count()).toBe(1);
    await header(page).getByText(formatKes(1500), { exact: true }).waitFor();
    expect(await header(page).getByText("Trial", { exact: true }).count()).toBe(0);
    expect(await header(page).getByRole("status").count()).toBe(0);
    const seen = await sightings();
    const callbackAt = await callbackDeliveredAt(paidId);
    console.log(
      `[deposit latency] 'STK push sent' toast → success toast: ${(seen.success ?? Number.NaN) - (seen.prompt ?? 0)} ms; ` +
        `STK callback delivered → balance in the header: ${(seen.balance ?? Number.NaN) - callbackAt} ms`,
    );
    await screenshot(page, "deposit-success-desktop", { fullPage: false });

    // Cancelled on the phone: an explanation, and the balance stays.
    const cancelSightings = await noteSightings(page, [{ name: "prompt", selector: ".Toastify", text: promptSent }]);
    await deposit(page, 200, phones.cancels);
    await toast(page, "Payment cancelled on your phone. No money was taken.", { exact: true }).waitFor({
      timeout: 10_000,
    });
    expect((await cancelSightings()).prompt).toBeDefined();
    expect(await page.locator(".Toastify__toast").count()).toBe(1);
    await header(page).getByText(formatKes(1500), { exact: true }).waitFor();
    expect(await header(page).getByText("Trial", { exact: true }).count()).toBe(0);
    await screenshot(page, "deposit-cancelled-desktop", { fullPage: false });

    // The Account tab shows the same real money without a reload.
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Account" }).click();
    await page.getByTestId("wallet-balance").getByText(formatKes(1500), { exact: true }).waitFor();

    expect(errors).toEqual([]);
    await close();
  });

  test("on a 360 px phone the modal fits, and the header shows while M-Pesa is awaited", async () => {
    const investor = await registerInvestor(apiUrl, "phone-depositor");
    const { page, errors, close } = await openPage(browser, viewports.phone);
    await signIn(page, investor.email, investor.password);
    await page.waitForURL(`${webUrl}/dashboard/packages`);

    // This simulator phone pays, but its callback never arrives: the deposit stays pending until reconciliation.
    await deposit(page, 100, phones.callbackLost, "phone-deposit-form");
    await toast(page, promptSent, { exact: true }).waitFor();
    const status = header(page).getByRole("status");
    await status.getByText("Awaiting M-Pesa").waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, "phone-deposit-pending", { fullPage: false });
    await dismissToasts(page);
    await screenshot(page, "phone-deposit-pending-header", { fullPage: false });
    expect(await status.isVisible()).toBe(true);
    await page.setViewportSize(viewports.desktop);
    await screenshot(page, "deposit-pending-desktop", { fullPage: false });
    // After 10 s a second line adds that M-Pesa is still confirming (design.md §12.7): a busy machine may get there.
    expect(await status.textContent()).toMatch(new RegExp(`^Awaiting M-Pesa: ${formatKes(100)}`));

    expect(errors).toEqual([]);
    await close();
  });
});
