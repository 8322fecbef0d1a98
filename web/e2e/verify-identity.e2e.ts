/**
 * Verify identity (design.md §13.5), in the browser at 1280 and 360 px: an unverified investor is refused a
 * withdrawal above the daily limit with the way to Verify identity, gives their details and uploads the three images,
 * and submits; a second admin reviews the images and details on the Verifications tab and verifies; the investor's
 * header says "Verified" without a reload, and the same withdrawal is now accepted. Screenshots; axe clean.
 */
import { KYC_CONSENT_TEXT, KYC_MESSAGES } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { depositByMpesa, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { dismissToasts, openAdminTab, openDashboardTab, signIn, toast } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Above an unverified account's KES 10,000 a day. */
const LARGE_WITHDRAWAL = "15000";
const WITHDRAWAL_SUBMITTED = "Withdrawal request submitted successfully! It will be processed by our admin team.";

/** The whole page, checked: nothing wider than the screen, no serious axe finding. */
async function looksRight(page: Page, shot: string, { fullPage = true } = {}) {
  expect(await hasHorizontalScroll(page), `${shot} scrolls sideways`).toBe(false);
  await screenshot(page, shot, { fullPage });
  expect(await seriousViolations(page), shot).toEqual([]);
}

/**
 * A real image file, drawn by the browser itself: a card-like picture (or a face-like one for the selfie) encoded
 * as PNG or JPEG, so the upload carries what a phone's camera would.
 */
async function drawnImage(page: Page, kind: "front" | "back" | "selfie", mimeType: "image/png" | "image/jpeg") {
  const dataUrl = await page.evaluate(
    ({ kind, mimeType }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 480;
      canvas.height = 300;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = kind === "selfie" ? "#d9c2a7" : "#cfe3d4";
      context.fillRect(0, 0, 480, 300);
      context.fillStyle = "#1f4d3a";
      if (kind === "selfie") {
        context.beginPath();
        context.arc(240, 130, 70, 0, Math.PI * 2);
        context.fill();
        context.fillRect(150, 210, 180, 90);
      } else {
        context.fillRect(0, 0, 480, 40);
        context.font = "24px sans-serif";
        context.fillText(kind === "front" ? "REPUBLIC OF KENYA" : "SERIAL NUMBER", 30, 100);
        if (kind === "front") context.fillRect(330, 120, 110, 140);
        for (let line = 0; line < 4; line += 1) context.fillRect(30, 140 + line * 30, 260, 10);
      }
      return canvas.toDataURL(mimeType, 0.9);
    },
    { kind, mimeType },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

async function openWithdrawal(page: Page) {
  await dismissToasts(page);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw Funds" });
  await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).waitFor();
  return dialog;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("an investor verifies their identity and a second admin verifies it", () => {
  test.each([
    ["desktop", viewports.desktop],
    ["phone", viewports.phone],
  ] as const)(
    "at %s width",
    async (label, viewport) => {
      const firstName = "Wanjiru";
      const lastName = `Kyc${label}${runId}`;
      const name = `${firstName} ${lastName}`;
      const investor = await registerInvestor(apiUrl, `kyc-${label}`, { firstName, lastName });
      // Real money, paid by M-Pesa from the registered number (an admin's credit would wait for a second admin).
      await depositByMpesa(apiUrl, investor, 20_000);

      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, investor.email, investor.password);
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      await page.getByRole("link", { name: "Identity: Unverified" }).waitFor();

      // Unverified: more than KES 10,000 in a day is refused, with the way to Verify identity.
      await openDashboardTab(page, "Account", "My Account");
      let dialog = await openWithdrawal(page);
      await dialog.getByText("KES 20,000.00").waitFor();
      await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill(LARGE_WITHDRAWAL);
      await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
      const notice = dialog.getByTestId("kyc-required");
      await notice.getByText(KYC_MESSAGES.withdrawalLimit).waitFor();
      await notice.getByRole("link", { name: "Verify identity" }).waitFor();
      await dismissToasts(page);
      await looksRight(page, `verify-identity-limit-${label}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });

      // Step 1: the details and the consent.
      await page.getByRole("link", { name: "Verify identity" }).click();
      await page.waitForURL(`${webUrl}/dashboard/account/verify`);
      await page.getByRole("heading", { level: 2, name: "Step 1 of 3: Your details" }).waitFor();
      await page.getByRole("combobox", { name: "ID type" }).selectOption({ label: "National ID" });
      const idNumber = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
      await page.getByRole("textbox", { name: "ID number" }).fill(idNumber);
      await page.getByRole("textbox", { name: "KRA PIN" }).fill("A123456789Z");
      await page.getByRole("textbox", { name: "Date of birth" }).fill("1990-04-12");
      // Chakra's checkbox hides its input under the label: the label is what a person taps.
      await page.getByText(KYC_CONSENT_TEXT).click();
      expect(await page.getByRole("checkbox").isChecked()).toBe(true);
      await looksRight(page, `verify-identity-details-${label}`);
      await page.getByRole("button", { name: "Continue" }).click();

      // Step 2: the three images, each uploaded as it is chosen.
      await page.getByRole("heading", { level: 2, name: "Step 2 of 3: Your documents" }).waitFor();
      const files = [
        ["Front of your ID", "id-front.jpg", "image/jpeg", await drawnImage(page, "front", "image/jpeg")],
        ["Back of your ID", "id-back.png", "image/png", await drawnImage(page, "back", "image/png")],
        ["Selfie", "selfie.jpg", "image/jpeg", await drawnImage(page, "selfie", "image/jpeg")],
      ] as const;
      for (const [input, fileName, mimeType, buffer] of files) {
        await page.getByLabel(input, { exact: true }).setInputFiles({ name: fileName, mimeType, buffer });
      }
      await expect.poll(() => page.getByText("Uploaded", { exact: true }).count(), { timeout: 30_000 }).toBe(3);
      expect(await page.getByRole("progressbar").count()).toBe(0);
      for (const [input] of files) {
        const lower = `${input.charAt(0).toLowerCase()}${input.slice(1)}`;
        await page.getByRole("img", { name: `Preview of ${lower}` }).waitFor();
      }
      await looksRight(page, `verify-identity-documents-${label}`);
      await page.getByRole("button", { name: "Submit for review" }).click();

      // Step 3: submitted, and the header says so at once.
      await page.getByRole("heading", { level: 2, name: "Step 3 of 3: Submitted" }).waitFor();
      await page.getByText(KYC_MESSAGES.submitted).first().waitFor();
      await page.getByRole("link", { name: "Identity: Under review" }).waitFor();
      await dismissToasts(page);
      await looksRight(page, `verify-identity-submitted-${label}`);

      // The seeded second admin reviews the images beside the details, and verifies.
      const reviewer = await openPage(browser, viewport);
      await signIn(reviewer.page, inject("secondAdminEmail"), inject("secondAdminPassword"));
      await reviewer.page.waitForURL(`${webUrl}/admin/overview`);
      await openAdminTab(reviewer.page, /^Verifications [1-9]\d* pending$/, "Verifications");
      await dismissToasts(reviewer.page);
      await reviewer.page.getByRole("button", { name: `Review verification of ${name}` }).click();
      const review = reviewer.page.getByRole("dialog", { name: "Review Verification" });
      for (const document of ["Front of ID", "Back of ID", "Selfie"]) {
        const image = review.getByRole("img", { name: `${document} of ${name}` });
        await image.waitFor();
        // Loaded from the store's link, not a broken image.
        await expect
          .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await review.getByText(idNumber, { exact: true }).waitFor();
      await review.getByText("A123456789Z", { exact: true }).waitFor();
      await review.getByText("National ID", { exact: true }).waitFor();
      await review.getByText(investor.email, { exact: true }).waitFor();
      await looksRight(reviewer.page, `verify-identity-review-${label}`, { fullPage: false });
      await review.getByRole("button", { name: "Verify", exact: true }).click();
      await toast(reviewer.page, KYC_MESSAGES.verified).waitFor();
      await review.waitFor({ state: "detached" });
      // It leaves the pending list once the list is read again.
      await expect
        .poll(() => reviewer.page.getByRole("button", { name: `Review verification of ${name}` }).count())
        .toBe(0);
      await looksRight(reviewer.page, `verify-identity-verified-admin-${label}`);
      expect(reviewer.errors).toEqual([]);
      await reviewer.close();

      // Back on the investor's page, never reloaded: coming back to it reads the account again.
      await page.bringToFront();
      await page.evaluate(() => {
        window.dispatchEvent(new Event("visibilitychange"));
        window.dispatchEvent(new Event("focus"));
      });
      await page.getByRole("link", { name: "Identity: Verified" }).waitFor({ timeout: 10_000 });

      // The limit is lifted: the same withdrawal is accepted.
      await page.getByRole("link", { name: "← Back to Account" }).click();
      await page.getByRole("heading", { level: 1, name: "My Account" }).waitFor();
      dialog = await openWithdrawal(page);
      await dialog.getByRole("spinbutton", { name: "Amount (KES)" }).fill(LARGE_WITHDRAWAL);
      await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
      await toast(page, WITHDRAWAL_SUBMITTED).waitFor();
      await dialog.waitFor({ state: "hidden" });
      await dismissToasts(page);
      await looksRight(page, `verify-identity-verified-investor-${label}`);
      // The browser logs the one refusal the test asked for (the withdrawal above the limit), and nothing else.
      expect(errors).toEqual(["Failed to load resource: the server responded with a status of 403 (Forbidden)"]);
      await close();
      // Two browsers, three uploads and two sign-ins on a two-core machine take longer than one screen's test.
    },
    240_000,
  );
});
