/**
 * Lockout without denial of service (design.md §12.2), in the browser: once an account has had 100 failed passwords
 * this hour from many addresses, its owner is not refused. The sign-in form shows the ALTCHA check (and only then),
 * the browser solves it, and the solved check signs in; at 1280 and 360 px the form with the check is axe-clean.
 *
 * The failures come over the API from ten addresses of the loopback network (127.0.0.11–20, ten each, below the
 * per-address limit): locally the API takes the caller's address from the connection, as it would take CloudFront's
 * viewer address in AWS. The browser signs in from 127.0.0.1, an address with no failures of its own.
 */
import { request } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { signIn } from "./support/screens";

const webUrl = inject("webUrl");
const apiUrl = new URL(inject("apiUrl"));

/** A login sent from `address` (a loopback address of this machine): its status and body. */
function loginFrom(address: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const call = request(
      {
        host: "127.0.0.1",
        port: apiUrl.port,
        path: `${apiUrl.pathname}/auth/login`,
        method: "POST",
        localAddress: address,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    call.on("error", reject);
    call.end(payload);
  });
}

let browser: Browser;
let investor: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  investor = await registerInvestor(apiUrl.href.replace(/\/$/, ""), "pow");
  // 100 failures for the account: ten addresses, ten each (one address alone would be refused at its tenth).
  await Promise.all(
    Array.from({ length: 10 }, async (_, index) => {
      for (let i = 0; i < 10; i++) {
        const answer = await loginFrom(`127.0.0.${11 + index}`, { email: investor.email, password: `wrong-${i}` });
        expect(answer.status).toBe(401);
      }
    }),
  );
  // The hundred-and-first from yet another address is asked for a proof of work, not refused.
  const asked = await loginFrom("127.0.0.21", { email: investor.email, password: "wrong-again" });
  expect(asked).toMatchObject({ status: 401, body: { challengeRequired: true } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe("signing in past the account's limit", () => {
  test.each([
    ["desktop", viewports.desktop],
    ["phone", viewports.phone],
  ] as const)(
    "shows the check only when asked, and a solved check signs the owner in (%s)",
    { timeout: 120_000 },
    async (size, viewport) => {
      const { page, errors, close } = await openPage(browser, viewport);
      await page.goto(`${webUrl}/login`);
      await page.getByRole("button", { name: "Sign In" }).waitFor();
      expect(await page.locator("altcha-widget").count()).toBe(0);

      await signIn(page, investor.email, investor.password);
      await page.getByText(/many failed sign-ins/).waitFor();
      const widget = page.locator("altcha-widget");
      await widget.waitFor();
      // The browser solves the check on its own (auto: onload).
      await page.waitForFunction(
        () =>
          (document.querySelector("altcha-widget") as { getState?: () => string } | null)?.getState?.() === "verified",
        undefined,
        { timeout: 60_000 },
      );
      expect(await seriousViolations(page), size).toEqual([]);
      await screenshot(page, `login-proof-of-work-${size}`);

      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByText("Login successful!").waitFor();
      await page.waitForURL(`${webUrl}/dashboard/packages`);
      // The challenge came as a 401, which the browser logs like any refused request; nothing else went wrong.
      expect(errors.filter((error) => !error.includes("status of 401"))).toEqual([]);
      await close();
    },
  );
});
