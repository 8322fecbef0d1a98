/**
 * The production build as `npm run preview` serves it: the public pages arrive as HTML with their content, and once
 * the app has hydrated that HTML, the spec's routes and guards work as on the dev server.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerInvestor } from "./support/api";
import { launchBrowser, openPage, viewports } from "./support/browser";
import { type ProductionBuild, startProductionBuild } from "./support/production-build";
import { textbox } from "./support/screens";

const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? 4273);

let site: ProductionBuild;
let outDir: string;
let origin: string;
let browser: Browser;

/**
 * These tests watch every request the page makes (`failedRequests`) and what the pre-rendered HTML holds; a service
 * worker would answer from its precache out of their sight, so they run without one (installable.e2e.ts tests it).
 */
const noWorker = { serviceWorkers: "block" } as const;

beforeAll(async () => {
  site = await startProductionBuild(previewPort, inject("apiUrl"));
  ({ outDir, origin } = site);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The page's text as a visitor reads it before any script runs. */
function prerenderedText(route: string): string {
  const html = readFileSync(join(outDir, route, "index.html"), "utf8");
  const root = html.slice(html.indexOf('<div id="root"'));
  return root
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the pre-rendered public pages (spec §1, §2)", () => {
  it("/ holds the landing page: header buttons, the pitch, the four feature tiles and the three steps", () => {
    const text = prerenderedText("/");
    for (const phrase of [
      "Login",
      "Get Started",
      "KES 300",
      "KES 100",
      "KES 1,000",
      "High Returns",
      "Secure Platform",
      "Referral Program",
      "Low Minimum",
      "Sign Up",
      "Choose Package",
      "Earn Daily",
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it("/login holds the sign-in form: email, password, remember me, forgot password, Sign In and the link to /register", () => {
    const html = readFileSync(join(outDir, "login", "index.html"), "utf8");
    const text = prerenderedText("login");
    for (const phrase of ["Email", "Password", "Remember me", "Forgot password?", "Sign In"]) {
      expect(text).toContain(phrase);
    }
    expect(html).toContain('href="/register"');
  });

  it("/register holds the sign-up form with the KES 1,000 welcome bonus note and the link to /login", () => {
    const html = readFileSync(join(outDir, "register", "index.html"), "utf8");
    const text = prerenderedText("register");
    for (const phrase of [
      "First Name",
      "Last Name",
      "Email",
      "Phone Number",
      "Password",
      "Confirm Password",
      "Referral Code",
      "KES 1,000",
      "Create Account",
    ]) {
      expect(text).toContain(phrase);
    }
    expect(html).toContain('href="/login"');
  });

  it("/terms holds the Terms of Service the register form links to (design.md §12.7)", () => {
    const text = prerenderedText("terms");
    for (const phrase of ["Terms of Service", "JengaFund is not a bank.", "What happens at maturity", "Contact us"]) {
      expect(text).toContain(phrase);
    }
  });

  it("styles each page in its HTML, so it is drawn complete before any script runs", () => {
    for (const route of ["", "login", "register", "terms"]) {
      const html = readFileSync(join(outDir, route, "index.html"), "utf8");
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(/<style data-emotion="css-global /);
      expect(head).not.toMatch(/<link rel="stylesheet"/);
    }
  });
});

/**
 * Marks the pre-rendered heading element before any script runs (a property, which React does not compare);
 * hydration that adopts the HTML keeps the very element, a render from scratch replaces it.
 */
async function markPrerenderedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const heading = document.querySelector("h1");
      if (heading) Object.assign(heading, { prerendered: true });
    });
  });
}

function headingIsPrerendered(page: Page): Promise<boolean> {
  return page.locator("h1").evaluate((heading) => "prerendered" in heading);
}

/** Answers of 400 and above, by URL: a missing file shows in the console only as "Failed to load resource". */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
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

describe("the preview build after hydration (spec §2)", () => {
  it("keeps the pre-rendered landing page, moves to /login in the app, signs in and lands on the dashboard", async () => {
    const investor = await registerInvestor(inject("apiUrl"), "hydration");
    const tracked = await openPage(browser, viewports.phone, noWorker);
    const { page, errors } = tracked;
    const failed = failedRequests(page);
    try {
      await markPrerenderedHeading(page);
      await page.goto(`${origin}/`);
      await waitForHydration(page, 'a[href="/login"]');
      expect(await headingIsPrerendered(page)).toBe(true);

      // A page that was loaded afresh would lose this; moving inside the app keeps it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole("link", { name: "Login" }).click();
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

      await textbox(page, "Email").fill(investor.email);
      await textbox(page, "Password").fill(investor.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("heading", { name: "Investment Packages" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/dashboard/packages");
      expect([...errors, ...failed]).toEqual([]);
    } finally {
      await tracked.close();
    }
  });

  it("hydrates /login and /register without a mismatch", async () => {
    const tracked = await openPage(browser, viewports.desktop, noWorker);
    const { page, errors } = tracked;
    const failed = failedRequests(page);
    try {
      await markPrerenderedHeading(page);
      for (const route of ["/login", "/register"]) {
        await page.goto(`${origin}${route}`);
        await waitForHydration(page, "form");
        expect(await headingIsPrerendered(page)).toBe(true);
      }
      expect([...errors, ...failed]).toEqual([]);
    } finally {
      await tracked.close();
    }
  });

  it("sends a signed-out visitor of /dashboard/packages to /login", async () => {
    const tracked = await openPage(browser, viewports.phone, noWorker);
    const { page, errors } = tracked;
    const failed = failedRequests(page);
    try {
      await page.goto(`${origin}/dashboard/packages`);
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      expect([...errors, ...failed]).toEqual([]);
    } finally {
      await tracked.close();
    }
  });

  it("shows a signed-in visitor of the pre-rendered /login that they are signed in, and / leads to the dashboard", async () => {
    const investor = await registerInvestor(inject("apiUrl"), "signed-in-visit");
    const tracked = await openPage(browser, viewports.phone, noWorker);
    const { page, errors } = tracked;
    const failed = failedRequests(page);
    try {
      // Signed in as the app keeps a session: the token in localStorage before any script of the page runs.
      await page.addInitScript((token) => localStorage.setItem("token", token), investor.token);
      await page.goto(`${origin}/login`);
      await page.getByRole("heading", { name: "You are signed in" }).waitFor();
      await page.goto(`${origin}/`);
      await page.getByRole("link", { name: "Go to dashboard" }).first().click();
      await page.getByRole("heading", { name: "Investment Packages" }).waitFor();
      expect([...errors, ...failed]).toEqual([]);
    } finally {
      await tracked.close();
    }
  });
});
