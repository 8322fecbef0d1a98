/**
 * Account → Statement in a browser, over the whole local stack: an investor who paid by M-Pesa downloads this
 * month's statement as a PDF and as CSV, with the server's file names, and the CSV runs from the opening balance to
 * the closing balance the wallet shows. The dialog is checked with axe and looked at on a phone and a desktop.
 */
import { readFileSync } from "node:fs";
import { nairobiDay } from "@jengafund/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { depositByMpesa, type RegisteredInvestor, registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { hasHorizontalScroll, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { openDashboardTab, signIn } from "./support/screens";

const apiUrl = inject("apiUrl");

let browser: Browser;
let investor: RegisteredInvestor;
beforeAll(async () => {
  browser = await launchBrowser();
  investor = await registerInvestor(apiUrl, "Statement");
  await depositByMpesa(apiUrl, investor, 750);
});
afterAll(async () => {
  await browser?.close();
});

async function openStatement(page: Page) {
  await signIn(page, investor.email, investor.password);
  await openDashboardTab(page, "Account", "My Account");
  await page.getByRole("button", { name: /^Statement/ }).click();
  const dialog = page.getByRole("dialog", { name: "Statement" });
  await dialog.getByRole("button", { name: "Download PDF" }).waitFor();
  return dialog;
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("the statement at the %s size", (size, viewport) => {
  test("downloads this month as PDF and CSV, from the opening to the closing balance", async () => {
    const { page, errors, close } = await openPage(browser, viewport);
    try {
      const dialog = await openStatement(page);
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `statement-dialog-${size}`, { fullPage: false });

      const today = nairobiDay(new Date());
      const name = `jengafund-statement-${today.slice(0, 7)}-01-${today}`;
      const [pdf] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      expect(pdf.suggestedFilename()).toBe(`${name}.pdf`);
      const pdfBytes = readFileSync((await pdf.path()) ?? "");
      expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");

      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: "Download CSV" }).click(),
      ]);
      expect(csv.suggestedFilename()).toBe(`${name}.csv`);
      const rows = readFileSync((await csv.path()) ?? "", "utf8")
        .trimEnd()
        .split("\r\n");
      expect(rows[0]).toBe("Date,Description,Reference,M-Pesa receipt,Money in,Money out,Balance");
      expect(rows[1]).toMatch(/,Opening balance,,,,,0\.00$/);
      expect(rows.some((row) => /,750\.00,,750\.00$/.test(row))).toBe(true);
      expect(rows.at(-1)).toMatch(/,Closing balance,,,,,750\.00$/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
