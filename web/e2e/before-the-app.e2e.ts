/**
 * Every screen keeps its word before and around the app's code (design.md §13.6), on the production build: a
 * pre-rendered form tapped before the app has taken over sends nothing anywhere by itself, keeps what was typed and is
 * sent once the app runs; a screen whose chunk cannot be downloaded says so inside the layout, with Retry.
 */
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { investorPassword, registerInvestor, uniqueContact } from "./support/api";
import { seriousViolations } from "./support/axe";
import { launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { holdAppCode, type ProductionBuild, startProductionBuild, withSiteCsp } from "./support/production-build";
import { fillRegistration, textbox } from "./support/screens";

const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? 4273);
const SCREEN_LOAD_FAILED = "This screen could not load. Check your connection.";

let site: ProductionBuild;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

/** The routes watch every request; a service worker would answer from its precache out of their sight. */
const noWorker = { serviceWorkers: "block" } as const;

beforeAll(async () => {
  site = await startProductionBuild(previewPort, inject("apiUrl"));
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Every request the page makes, as URLs, and the sign-in and sign-up calls among them. */
function watchRequests(page: Page): { urls: string[]; calls: (path: string) => Request[] } {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return {
    get urls() {
      return requests.map((request) => request.url());
    },
    calls: (path) =>
      requests.filter((request) => request.method() === "POST" && new URL(request.url()).pathname === path),
  };
}

/** Hydration is done when React has claimed the element (its fiber is attached). */
async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const element = document.querySelector(target);
      return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    },
    selector,
    { timeout: 30_000 },
  );
}

function expectNoCredentialInAnyUrl(urls: string[], secrets: string[]) {
  for (const url of urls) {
    const decoded = decodeURIComponent(url);
    for (const secret of secrets) expect(decoded).not.toContain(secret);
  }
}

describe("a pre-rendered form tapped before the app has taken over (design.md §13.6)", () => {
  it("/login: nothing reaches a URL; once the app runs, the sign-in is sent once with what was typed", async () => {
    const investor = await registerInvestor(inject("apiUrl"), "before-app");
    const tracked = await openPage(browser, viewports.phone, noWorker);
    const { page, errors } = tracked;
    try {
      await withSiteCsp(page, site.origin);
      const appCode = await holdAppCode(page, site.origin);
      const requests = watchRequests(page);
      await page.goto(`${site.origin}/login`, { waitUntil: "commit" });
      await textbox(page, "Email").fill(investor.email);
      await textbox(page, "Password").fill(investor.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      // Long enough for a default submit to have navigated.
      await page.waitForTimeout(500);
      expect(new URL(page.url()).search).toBe("");
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(requests.calls("/api/auth/login")).toHaveLength(0);
      await screenshot(page, "before-app-login-held-360");

      await appCode.release();
      await page.getByRole("heading", { name: "Investment Packages" }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe("/dashboard/packages");
      expect(requests.calls("/api/auth/login")).toHaveLength(1);
      expect(requests.calls("/api/auth/login")[0]?.postDataJSON()).toMatchObject({ email: investor.email });
      expectNoCredentialInAnyUrl(requests.urls, [investor.password]);
      expect(errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });

  it("/login: what was typed before the app survives its takeover and is what it signs in with", async () => {
    const investor = await registerInvestor(inject("apiUrl"), "typed-before-app");
    const tracked = await openPage(browser, viewports.desktop, noWorker);
    const { page, errors } = tracked;
    try {
      await withSiteCsp(page, site.origin);
      const appCode = await holdAppCode(page, site.origin);
      const requests = watchRequests(page);
      await page.goto(`${site.origin}/login`, { waitUntil: "commit" });
      await textbox(page, "Email").fill(investor.email);
      await textbox(page, "Password").fill(investor.password);
      await appCode.release();
      await waitForHydration(page, "form");
      // A render after the takeover (the password shown) would wipe a value React did not pick up.
      await page.getByRole("button", { name: "Show password" }).click();
      expect(await textbox(page, "Email").inputValue()).toBe(investor.email);
      expect(await textbox(page, "Password").inputValue()).toBe(investor.password);
      expect(requests.calls("/api/auth/login")).toHaveLength(0);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("heading", { name: "Investment Packages" }).waitFor();
      expect(requests.calls("/api/auth/login")).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });

  it("/register: nothing reaches a URL; once the app runs, the account is created once with what was typed", async () => {
    const { email, phone } = uniqueContact("register-before-app");
    const tracked = await openPage(browser, viewports.desktop, noWorker);
    const { page, errors } = tracked;
    try {
      await withSiteCsp(page, site.origin);
      const appCode = await holdAppCode(page, site.origin);
      const requests = watchRequests(page);
      await page.goto(`${site.origin}/register`, { waitUntil: "commit" });
      await fillRegistration(page, { firstName: "Akinyi", lastName: "Early", email, phone });
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).search).toBe("");
      expect(new URL(page.url()).pathname).toBe("/register");
      await screenshot(page, "before-app-register-held-1280");

      await appCode.release();
      await page.getByRole("heading", { name: "Investment Packages" }).waitFor({ timeout: 30_000 });
      expect(requests.calls("/api/auth/register")).toHaveLength(1);
      expect(requests.calls("/api/auth/register")[0]?.postDataJSON()).toMatchObject({
        firstName: "Akinyi",
        lastName: "Early",
        email,
      });
      expectNoCredentialInAnyUrl(requests.urls, [investorPassword]);
      expect(errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });
});

describe("a screen whose code cannot load (design.md §13.6)", () => {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    it(`says so inside the layout with Retry, and Retry shows the screen once it can load (${viewport.width} px)`, async () => {
      const investor = await registerInvestor(inject("apiUrl"), "chunk-fails");
      const tracked = await openPage(browser, viewport, noWorker);
      const { page, errors } = tracked;
      try {
        await page.goto(`${site.origin}/login`);
        await page.evaluate((token) => localStorage.setItem("token", token), investor.token);
        await page.goto(`${site.origin}/dashboard/packages`);
        await page.getByRole("heading", { level: 1, name: "Investment Packages" }).waitFor();
        const panelChunk = /\/assets\/referrals-panel-[^/]+\.js$/;
        await page.route(panelChunk, (route) => route.abort("internetdisconnected"));

        await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Referrals" }).click();
        await page.getByText(SCREEN_LOAD_FAILED).waitFor();
        // Inside the layout: the tabs are still there.
        await page.getByRole("navigation", { name: "Dashboard" }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `screen-load-failed-${viewport.width}`);

        await page.unroute(panelChunk);
        await page.getByRole("button", { name: "Retry" }).click();
        await page.getByRole("heading", { level: 1, name: "Referral Program" }).waitFor();
        expect(await page.getByText(SCREEN_LOAD_FAILED).count()).toBe(0);
        // The failed download, and the screen's report of it, are the only errors expected in the console.
        const expected = /Failed to load resource|referrals-panel|This screen could not load/;
        expect(errors.filter((error) => !expected.test(error))).toEqual([]);
      } finally {
        await tracked.close();
      }
    });
  }

  it("after a deploy, reloads a tab of the old release once, then keeps the message (no reload loop)", async () => {
    const investor = await registerInvestor(inject("apiUrl"), "stale-tab");
    const tracked = await openPage(browser, viewports.phone, noWorker);
    const { page } = tracked;
    try {
      await page.goto(`${site.origin}/login`);
      await page.evaluate((token) => localStorage.setItem("token", token), investor.token);
      await page.goto(`${site.origin}/dashboard/packages`);
      await page.getByRole("heading", { level: 1, name: "Investment Packages" }).waitFor();
      // The new release: its shell starts another entry script, and this tab's chunks are gone.
      await page.route(
        (url) => url.pathname === "/app.html" && url.searchParams.has("release-check"),
        (route) =>
          route.fulfill({
            contentType: "text/html",
            body: '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-NEWRELEASE.js"></script></head><body><div id="root"></div></body></html>',
          }),
      );
      await page.route(/\/assets\/referrals-panel-[^/]+\.js$/, (route) =>
        route.fulfill({ status: 404, body: "Not Found" }),
      );
      let loads = 0;
      page.on("load", () => {
        loads += 1;
      });
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Referrals" }).click();
      await page.waitForEvent("load", { timeout: 30_000 });
      // Back on the same screen, whose chunk is still missing: the message this time, and no second reload.
      await page.getByText(SCREEN_LOAD_FAILED).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(2000);
      expect(loads).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/dashboard/referrals");
    } finally {
      await tracked.close();
    }
  });
});
