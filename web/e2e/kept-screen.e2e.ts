/**
 * The repeat visit paints from the phone before the app's code runs (docs/adr/0019-kept-screen-first-paint.md), on the
 * production build with the site's CSP: the packages tab the investor last saw with fresh answers is kept on the
 * device and painted by the shell at once, marked "Updated HH:mm", with nothing on it to tap; the app's own screen
 * then takes its place without moving anything. It goes with the session: never shown to another user, gone at logout.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RegisteredInvestor, registerInvestor } from "./support/api";
import { launchBrowser, openPage, screenshot, type TrackedPage, viewports } from "./support/browser";
import { holdAppCode, type ProductionBuild, startProductionBuild, withSiteCsp } from "./support/production-build";

const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? 4273);

let site: ProductionBuild;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
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

const investNow = (page: Page) => page.getByRole("button", { name: /^Invest Now in / }).first();

/** The kept screen's owner as this device stores it (localStorage `keptScreen`), or null with none kept. */
const keptOwner = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem("keptScreen") ?? "null") as { userId: string } | null)?.userId ?? null,
  );

/** Signs the investor in as a sign-in does (the token stored), opens the packages tab and waits until it is kept. */
async function visitAndKeep(page: Page, investor: RegisteredInvestor): Promise<void> {
  await page.goto(`${site.origin}/login`);
  await page.evaluate((token) => localStorage.setItem("token", token), investor.token);
  await page.goto(`${site.origin}/dashboard/packages`);
  await investNow(page).waitFor();
  await expect.poll(() => keptOwner(page), { timeout: 15_000 }).toBe(investor.user._id);
}

/** Records the page's layout shifts from its start (CLS's sum; shifts after input left out, as CLS does). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = window as unknown as { __shifts: number };
    recorded.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) recorded.__shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

describe("the kept screen", () => {
  let tracked: TrackedPage | undefined;
  afterAll(() => tracked?.close());

  it("paints the cards before the app's scripts run, inert and marked Updated, then gives way without a shift", async () => {
    tracked = await openPage(browser, viewports.phone);
    const { page, errors } = tracked;
    await withSiteCsp(page, site.origin);
    const investor = await registerInvestor(apiUrl, "KeptScreen", { firstName: "Nyokabi" });
    await visitAndKeep(page, investor);
    const liveHeading = await page.getByRole("heading", { level: 1, name: "Investment Packages" }).boundingBox();
    const liveCard = await investNow(page).boundingBox();

    // Next open, with none of the app's code allowed to arrive: the entry chunk and every other script are held. The
    // user's read answers well after the packages' (its restored balance says "Updated HH:mm" until it does): the kept
    // screen waits for both, so nothing it gives way to changes after.
    await recordLayoutShifts(page);
    const appCode = await holdAppCode(page, site.origin);
    await page.route(
      (url) => url.origin === site.origin && url.pathname === "/api/auth/me",
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.continue().catch(() => undefined);
      },
    );
    // Held module scripts hold the load events too: the page is waited for by what it shows.
    await page.goto(`${site.origin}/dashboard/packages`, { waitUntil: "commit" });
    const kept = page.locator("#kept-screen");
    await kept.waitFor({ state: "attached" });
    await expect.poll(() => kept.locator('img[src*="/images/packages/"]').count()).toBeGreaterThan(0);
    await expect.poll(() => kept.getByText("Investment Packages", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => kept.getByText(/^Updated \d\d:\d\d$/).isVisible()).toBe(true);
    // Nothing on it can be tapped: it is inert, and the app's root under it stays hidden until the app takes over.
    expect(await kept.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
    expect(await page.evaluate(() => document.getElementById("root")?.style.visibility)).toBe("hidden");
    // Nothing of the app ran: the kept screen is the shell's own paint.
    expect(await page.evaluate(() => performance.getEntriesByName("boot:react-dom").length)).toBe(0);
    // Where the app draws the same things.
    const keptHeading = await kept.getByText("Investment Packages", { exact: true }).boundingBox();
    const keptCard = await kept
      .getByRole("button", { name: /^Invest Now in /, includeHidden: true })
      .first()
      .boundingBox();
    expect(keptHeading).toEqual(liveHeading);
    expect(keptCard).toEqual(liveCard);
    await screenshot(page, "kept-screen-360");

    await appCode.release();
    await kept.waitFor({ state: "detached", timeout: 60_000 });
    // The app's own button, live (boxes are compared before anything scrolls the page).
    await expect.poll(() => investNow(page).isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.getElementById("root")?.style.visibility)).toBe("");
    expect(await investNow(page).boundingBox()).toEqual(keptCard);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });

  it("is never shown to another user signed in on the same phone", async () => {
    const { page } = tracked as TrackedPage;
    const other = await registerInvestor(apiUrl, "KeptOther", { firstName: "Barasa" });
    // The first user's screen is still kept; the stored session is now another user's.
    expect(await keptOwner(page)).not.toBeNull();
    await page.evaluate((token) => localStorage.setItem("token", token), other.token);
    const appCode = await holdAppCode(page, site.origin);
    await page.goto(`${site.origin}/dashboard/packages`, { waitUntil: "commit" });
    // The shell is parsed (its inline script has run; the held module scripts run after parsing).
    await page.waitForFunction(() => document.readyState !== "loading");
    expect(await page.locator("#kept-screen").count()).toBe(0);
    await appCode.release();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await withSiteCsp(page, site.origin);
    // Once the app has the other user's answers, the kept screen is theirs.
    await investNow(page).waitFor();
    await expect.poll(() => keptOwner(page), { timeout: 15_000 }).toBe(other.user._id);
  });

  it("is removed at logout", async () => {
    const { page } = tracked as TrackedPage;
    expect(await keptOwner(page)).not.toBeNull();
    await page.setViewportSize(viewports.desktop);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${site.origin}/`);
    expect(await keptOwner(page)).toBeNull();
    await page.goto(`${site.origin}/dashboard/packages`);
    await page.waitForURL(`${site.origin}/login`);
    expect(await page.locator("#kept-screen").count()).toBe(0);
  });
});
