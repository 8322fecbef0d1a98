/**
 * The installable app (issue 24) on the production build: the manifest and its icons are served with their types,
 * the service worker registers once the page is up and precaches the shell, the public pages and every chunk an
 * investor can load (not the admin panel's), and a new version is offered by the "New version — reload" toast, never
 * taken by itself; Reload hands the page to the new worker with one reload.
 */
import { createHash } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page, Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerInvestor } from "./support/api";
import { seriousViolations } from "./support/axe";
import { launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import { type ProductionBuild, startProductionBuild } from "./support/production-build";

const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? 4273);

/** These tests are about the service worker, which openPage blocks unless told. */
const withWorker = { serviceWorkers: "allow" } as const;

let site: ProductionBuild;
let browser: Browser;
let apiUrl: string;

beforeAll(async () => {
  apiUrl = inject("apiUrl");
  site = await startProductionBuild(previewPort, apiUrl);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Resolves once a service worker is active for the page (main.tsx registers it when the browser is idle). */
function workerReady(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
}

/** The paths the worker has precached (Workbox keeps an unhashed file's revision in its cache key's query). */
function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.includes("precache"));
    const paths: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** The built chunk whose name starts with `name-` (Vite's `<name>-<hash>.js`). */
function chunk(name: string): string {
  const file = readdirSync(join(site.outDir, "assets")).find((candidate) =>
    new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(candidate),
  );
  if (!file) throw new Error(`no chunk ${name}-<hash>.js in the build`);
  return `/assets/${file}`;
}

describe("the installable app's files (issue 24)", () => {
  it("serves the manifest as JSON naming the app, and each of its icons as a PNG", async () => {
    const response = await fetch(`${site.origin}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as { name: string; start_url: string; icons: { src: string }[] };
    expect(manifest).toMatchObject({ name: "JengaFund", start_url: "/dashboard" });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(4);
    for (const { src } of [...manifest.icons, { src: "/icons/apple-touch-icon-180.png" }]) {
      const icon = await fetch(new URL(src, site.origin));
      expect(`${icon.status} ${icon.headers.get("content-type")}`, src).toBe("200 image/png");
    }
  });

  it("links the manifest and the apple-touch-icon from every page, and serves the worker as JavaScript", async () => {
    for (const page of ["/", "/login", "/register", "/terms", "/dashboard/packages"]) {
      const html = await (await fetch(`${site.origin}${page}`)).text();
      expect(html, page).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html, page).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png"');
    }
    const worker = await fetch(`${site.origin}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
  });

  it("lists each pre-rendered page and the shell in the worker with the revision of the file it ships", () => {
    const worker = readFileSync(join(site.outDir, "sw.js"), "utf8");
    // The build's revision of a file: the MD5 of its content (what Workbox compares to refresh a precached copy).
    const md5 = (file: string) =>
      createHash("md5")
        .update(readFileSync(join(site.outDir, file)))
        .digest("hex");
    const pages: [url: string, file: string][] = [
      ["index.html", "index.html"],
      ["app.html", "app.html"],
      ["login", "login/index.html"],
      ["register", "register/index.html"],
      ["terms", "terms/index.html"],
    ];
    for (const [url, file] of pages) {
      expect(worker, url).toContain(`{url:"${url}",revision:"${md5(file)}"}`);
    }
  });
});

describe("the service worker (issue 24)", () => {
  it("registers once the page is up, precaches the shell, the public pages and the investor's chunks, not the admin's", async () => {
    const tracked = await openPage(browser, viewports.phone, withWorker);
    const { page, errors } = tracked;
    try {
      await page.goto(`${site.origin}/login`);
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      expect(await workerReady(page)).toBe(`${site.origin}/sw.js`);
      expect(
        page
          .context()
          .serviceWorkers()
          .map((worker) => worker.url()),
      ).toEqual([`${site.origin}/sw.js`]);

      const precached = await precachedPaths(page);
      for (const path of ["/index.html", "/app.html", "/login", "/register", "/terms", "/manifest.webmanifest"]) {
        expect(precached, path).toContain(path);
      }
      for (const name of [
        "dashboard-layout",
        "packages-panel",
        "investments-panel",
        "referrals-panel",
        "account-panel",
      ]) {
        expect(precached, name).toContain(chunk(name));
      }
      // Only the admin panel and the proof-of-work widget (after many failed logins) load these.
      for (const name of ["admin-layout", "users-panel", "overview-panel", "altcha"]) {
        expect(precached, name).not.toContain(chunk(name));
      }
      expect(precached.filter((path) => path.endsWith(".js")).length).toBeGreaterThan(20);
      expect(errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });

  it("answers a page from its precache once it controls it, and lets /api requests through to the API", async () => {
    const tracked = await openPage(browser, viewports.desktop, withWorker);
    const { page, errors } = tracked;
    try {
      const investor = await registerInvestor(apiUrl, "Precached");
      await page.goto(`${site.origin}/login`);
      await page.evaluate((token) => localStorage.setItem("token", token), investor.token);
      await workerReady(page);
      const apiAnswers: { path: string; status: number; fromWorker: boolean }[] = [];
      page.on("response", (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith("/api/")) {
          apiAnswers.push({ path: pathname, status: response.status(), fromWorker: response.fromServiceWorker() });
        }
      });
      // The first page was not under the worker (it does not claim open pages); the next one is, and gets the shell.
      const shell = await page.goto(`${site.origin}/dashboard/packages`);
      expect(shell?.fromServiceWorker()).toBe(true);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${site.origin}/sw.js`);
      await page.getByRole("heading", { level: 1, name: "Investment Packages" }).waitFor();
      await page
        .getByRole("button", { name: /^Invest Now in / })
        .first()
        .waitFor();
      // The API's answers come from the API, with the session's header, never from the worker.
      expect(apiAnswers.map(({ path }) => path)).toEqual(expect.arrayContaining(["/api/auth/me", "/api/packages"]));
      expect(apiAnswers.filter(({ status, fromWorker }) => fromWorker || status !== 200)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });
});

/** Counts the documents the page loads from now on (a reload is one). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  return () => loads;
}

describe("a new version (issue 24)", () => {
  let context: BrowserContext | undefined;
  afterAll(() => context?.close());

  it.each([
    ["1280", viewports.desktop],
    ["360", viewports.phone],
  ])(
    "is offered by the New version toast, never taken by itself; Reload hands the page to it with one reload (%s px)",
    async (width, viewport) => {
      await context?.close();
      const tracked = await openPage(browser, viewport, withWorker);
      const { page, errors } = tracked;
      context = page.context();
      const investor = await registerInvestor(apiUrl, `NewVersion${width}`, { firstName: "Kamau" });
      await page.goto(`${site.origin}/login`);
      await page.evaluate((token) => localStorage.setItem("token", token), investor.token);
      await workerReady(page);
      await page.goto(`${site.origin}/dashboard/packages`);
      await page.getByRole("heading", { level: 1, name: "Investment Packages" }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      const [current] = context.serviceWorkers();
      expect(current).toBeDefined();

      // The next release: any byte of sw.js changed, found by the browser's next update check.
      appendFileSync(join(site.outDir, "sw.js"), "\n// the next release\n");
      const next = context.waitForEvent("serviceworker");
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const toast = page.getByRole("alert").filter({ hasText: "New version — reload" });
      await toast.waitFor({ timeout: 30_000 });
      const newWorker: Worker = await next;
      expect(newWorker).not.toBe(current);
      // Waiting: the page still runs, and is controlled by, the version it opened with.
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting !== null && registration?.waiting !== undefined;
        }),
      ).toBe(true);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      // A toast that waits for a decision: a tap elsewhere leaves it, and it has no timer.
      await page.getByRole("heading", { level: 1, name: "Investment Packages" }).click();
      await page.waitForTimeout(1_000);
      expect(await toast.isVisible()).toBe(true);
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `installable-new-version-toast-${width}`, { fullPage: false, animations: "allow" });

      const loads = countLoads(page);
      const oldGone = new Promise<void>((resolve) => current?.once("close", () => resolve()));
      await toast.getByRole("button", { name: "Reload" }).click();
      await page.waitForFunction(() => !("sameDocument" in window), undefined, { timeout: 30_000 });
      await page.getByRole("heading", { level: 1, name: "Investment Packages" }).waitFor();
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            controlled: navigator.serviceWorker.controller !== null,
            noneWaiting: registration?.waiting === null,
            controllerIsActive: navigator.serviceWorker.controller === registration?.active,
          };
        }),
      ).toEqual({ controlled: true, noneWaiting: true, controllerIsActive: true });
      await oldGone;
      expect(context.serviceWorkers().length).toBe(1);
      expect(context.serviceWorkers()[0]).toBe(newWorker);
      // One reload, and the new version offers nothing more.
      await page.waitForTimeout(1_000);
      expect(loads()).toBe(1);
      expect(await page.getByText("New version — reload").count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );
});
