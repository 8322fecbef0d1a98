/**
 * A deposit awaiting M-Pesa survives a reload (design.md §12.7), at 360 px: after a reload the header's "Awaiting
 * M-Pesa" indicator is back (the app asks the server for the pending deposits), after 10 s it says that M-Pesa is
 * still confirming and not to pay again, and when reconciliation settles it (the callback never came) the success
 * toast and the new balance arrive without another reload.
 */
import { formatKes } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { signIn, toast } from "./support/screens";
import { simulatePhone } from "./support/simulated-phones";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const simUrl = inject("simUrl");

const promptSent = "STK push sent to your phone. Please complete the payment.";
const longWait = "M-Pesa is still confirming — don't pay again";
/** The simulator's phone that pays but whose callback never arrives (reconciliation finds the payment). */
const callbackNeverArrives = "254700009999";

/**
 * One run of the scheduled STK deposit reconciliation (a job `npm start` runs every minute), now, against this run's
 * stack, as the Lambda would: pending deposits are asked about with the STK query and settled from its answer.
 */
async function reconcileNow(): Promise<void> {
  const cli = inject("adminCliEnv");
  Object.assign(process.env, {
    TABLE_NAME: cli.TABLE_NAME,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${cli.DYNAMODB_PORT}`,
    AWS_REGION: "af-south-1",
    MPESA_BASE_URL: simUrl,
    MPESA_CALLBACK_BASE_URL: apiUrl,
    // Asks about a deposit a second after its prompt (the stack waits minutes, as in AWS).
    MPESA_RECONCILE_AFTER_SECONDS: "1",
    LOG_LEVEL: "warn",
  });
  const { handler } = await import("../../functions/src/handlers/events/reconcile-stk-deposits.js");
  const { localLambdaContext } = await import("../../functions/src/local/lambda-context.js");
  await handler({}, localLambdaContext("reconcile-stk-deposits", { timeoutMs: 120_000 }));
}

function header(page: Page) {
  return page.getByRole("banner");
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("a deposit awaiting M-Pesa, reloaded on a 360 px phone", () => {
  test("keeps the indicator after a reload, says not to pay again after 10 s, then shows the outcome", async () => {
    const investor = await registerInvestor(apiUrl, "pending-reload");
    const restorePhone = await simulatePhone(simUrl, investor.user.phoneNumber, { stk: callbackNeverArrives });
    const { page, errors, close } = await openPage(browser, viewports.phone);
    try {
      await signIn(page, investor.email, investor.password);
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      await header(page).getByText(formatKes(1000), { exact: true }).waitFor();

      // The form starts from the profile's phone: the investor's own, whose callback never arrives.
      await header(page).getByRole("button", { name: "Deposit", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Deposit Funds" });
      await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill("100");
      await dialog.getByRole("button", { name: "Send STK Push" }).click();
      await dialog.waitFor({ state: "hidden" });
      await toast(page, promptSent, { exact: true }).waitFor();
      const status = header(page).getByRole("status");
      await status.getByText("Awaiting M-Pesa").waitFor();

      // A reload forgets everything the tab knew: the indicator comes back from the server's pending deposits.
      const listed = page.waitForResponse(
        (response) => response.url().includes("/api/mpesa/deposits?status=pending") && response.status() === 200,
      );
      await page.reload();
      const { deposits } = (await (await listed).json()) as { deposits: { amount: number; status: string }[] };
      expect(deposits).toMatchObject([{ amount: 100, status: "pending" }]);
      await status.getByText("Awaiting M-Pesa").waitFor();
      await screenshot(page, "pending-deposit-reloaded-phone", { fullPage: false });

      // Past 10 s since the prompt: M-Pesa is still confirming, in words, inside the indicator itself.
      const notice = status.getByTestId("deposit-long-wait");
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.textContent()).toContain(longWait);
      expect(await status.getByText("Don't pay again", { exact: true }).isVisible()).toBe(true);
      expect(await status.textContent()).toContain("Awaiting M-Pesa");
      expect(await hasHorizontalScroll(page)).toBe(false);
      // The header's balance stays in view beside it.
      expect(await header(page).getByText(formatKes(1000), { exact: true }).isVisible()).toBe(true);
      await screenshot(page, "pending-deposit-long-wait-phone", { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);

      // The wide header has room for the whole sentence.
      await page.setViewportSize(viewports.desktop);
      expect(await status.getByText(longWait, { exact: true }).isVisible()).toBe(true);
      await screenshot(page, "pending-deposit-long-wait-desktop", { fullPage: false });
      await page.setViewportSize(viewports.phone);

      // Reconciliation asks M-Pesa, which says it was paid: the open page shows the outcome without a reload.
      await reconcileNow();
      await toast(page, `Deposit successful! New balance: ${formatKes(100)}`, { exact: true }).waitFor({
        timeout: 20_000,
      });
      await header(page).getByText(formatKes(100), { exact: true }).waitFor();
      await status.waitFor({ state: "detached" });
      expect(await header(page).getByText("Trial", { exact: true }).count()).toBe(0);
      await screenshot(page, "pending-deposit-settled-phone", { fullPage: false });

      expect(errors).toEqual([]);
    } finally {
      await close();
      await restorePhone();
    }
  });
});
