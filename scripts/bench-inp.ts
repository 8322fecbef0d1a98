/**
 * A tap answers at once: interaction to next paint of the investor's everyday taps, on the production build served by
 * `npm run preview` (/api proxied to a local stack of its own), in Debian's Chromium at Lighthouse's phone size, under
 * CDP throttling: Lighthouse's slow 4G and the CPU slowdown of the emulated phone, calibrated just before each run
 * (scripts/bench-calibration.ts). Each run is a new investor (a trial account that has bought the cheapest package,
 * so Claim Reward is live) whose dashboard is opened and left to settle, as a phone that has shown the screen; then
 * before it, a visitor's first tap on the pre-rendered /login (the Email field, a second after load: the tap that
 * starts the app's code there), then Invest Now (until its dialog is open), Deposit (until its dialog is open), the tab switch to Investments (until its
 * heading shows) and Claim Reward (until the reward's toast shows). A tap's figure is the longest Event Timing entry of
 * that interaction (its input delay, handlers and the paint that follows), as the browser reports INP. Median of RUNS.
 */
import type { ChildProcess } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { chromiumFlags } from "../web/e2e/support/browser.js";
import { percentile } from "./bench-api.js";
import { type Calibration, calibrate, calibrationText, PHONE_BENCHMARK_INDEX, SLOW_4G } from "./bench-calibration.js";
import { registerInvestor, startPreview } from "./bench-lighthouse.js";
import { defaultLocalStackOptions, startLocalStack } from "./local-stack.js";

const RUNS = Number(process.env.BENCH_INP_RUNS ?? 5);
/** BENCH_PORT_OFFSET moves every port, as in the other benches; these sit beside the Repeat visit section's. */
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const PREVIEW_PORT = 4177 + OFFSET;
const PORTS = {
  web: 0,
  api: 3334 + OFFSET,
  sim: 4334 + OFFSET,
  dynamodb: 8434 + OFFSET,
  bus: 4344 + OFFSET,
  sms: 4358 + OFFSET,
  s3: 4360 + OFFSET,
};
const MAIL = { smtpPort: 1429 + OFFSET, webPort: 1484 + OFFSET };
/** Lighthouse's mobile device (Moto G Power) viewport. */
const VIEWPORT = { width: 412, height: 823 };
/** After the screen is drawn: the page's load, its settle time (lib/when-idle.ts, 5 s) and a margin. */
const SETTLE_MS = 7_000;

/** quality.md's target for a tap. */
export const INP_TARGET_MS = 200;
export const INP_HEADING = "## Interaction to next paint (signed-in dashboard, production build)";

const TAPS = [
  "First tap on /login (Email field)",
  "Invest Now (dialog open)",
  "Deposit (dialog open)",
  "Tab switch (Investments)",
  "Claim Reward",
] as const;
type Tap = (typeof TAPS)[number];

interface RunFigures {
  calibration: Calibration;
  /** Each tap's longest Event Timing entry, ms. */
  taps: Record<Tap, number>;
}

export interface InpBench {
  runs: RunFigures[];
  loadBefore: number[];
  loadAfter: number[];
}

/** Records every Event Timing entry of an interaction (16 ms and over, the least the browser reports). */
async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = window as unknown as { __events: { start: number; duration: number; name: string }[] };
    recorded.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
        if (entry.interactionId) {
          recorded.__events.push({ start: entry.startTime, duration: entry.duration, name: entry.name });
        }
      }
    }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
}

/** Taps, waits for what the tap shows, and returns the interaction's longest event (16 ms when none reached 16). */
async function timeTap(page: Page, tap: () => Promise<void>, shown: () => Promise<void>): Promise<number> {
  const since = await page.evaluate(() => performance.now());
  await tap();
  await shown();
  // Event Timing entries are delivered after the paint that follows the tap.
  await page.waitForTimeout(500);
  return page.evaluate((from) => {
    const events = (window as unknown as { __events: { start: number; duration: number }[] }).__events;
    return Math.max(16, ...events.filter((event) => event.start >= from).map((event) => event.duration));
  }, since);
}

async function buyCheapestPackage(origin: string, token: string): Promise<void> {
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const listed = await fetch(`${origin}/api/packages`, { headers });
  const { packages } = (await listed.json()) as { packages: { _id: string; price: number }[] };
  const cheapest = [...packages].sort((a, b) => a.price - b.price)[0];
  if (!cheapest) throw new Error("No package to buy");
  const bought = await fetch(`${origin}/api/investments/buy`, {
    method: "POST",
    headers,
    body: JSON.stringify({ packageId: cheapest._id, amount: cheapest.price }),
  });
  if (!bought.ok)
    throw new Error(`Buying the bench investor's package failed: ${bought.status} ${await bought.text()}`);
}

/** A new page of `context` under the emulated phone's network and CPU, recording its Event Timing entries. */
async function phonePage(context: BrowserContext, calibration: Calibration): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_4G.requestLatencyMs,
    downloadThroughput: (SLOW_4G.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: calibration.cpuSlowdown });
  await recordEvents(page);
  return page;
}

/**
 * A visitor's first tap on the pre-rendered /login, a second after it has loaded: the tap that starts the app's
 * code there (main.tsx), until the field has the focus.
 */
async function firstTapOnLogin(context: BrowserContext, origin: string, calibration: Calibration): Promise<number> {
  const page = await phonePage(context, calibration);
  try {
    await page.goto(`${origin}/login`);
    await page.waitForTimeout(1_000);
    const email = page.getByRole("textbox", { name: "Email" });
    return await timeTap(
      page,
      () => email.click(),
      () =>
        page
          .waitForFunction(() => document.activeElement?.getAttribute("type") === "email", undefined, {
            timeout: 60_000,
          })
          .then(() => undefined),
    );
  } finally {
    await page.close();
  }
}

async function oneRun(context: BrowserContext, origin: string, run: number): Promise<RunFigures> {
  const token = await registerInvestor(origin, `inp-${run}@bench.test`, `07110002${String(run).padStart(2, "0")}`);
  await buyCheapestPackage(origin, token);
  const calibration = await calibrate(context);
  const firstTap = await firstTapOnLogin(context, origin, calibration);
  const page = await phonePage(context, calibration);
  try {
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((value) => localStorage.setItem("token", value), token);
    await page.goto(`${origin}/dashboard/packages`);
    const invest = page.getByRole("button", { name: /^Invest Now in / }).first();
    await invest.waitFor({ timeout: 120_000 });
    await page.locator("#kept-screen").waitFor({ state: "detached", timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);

    const dialog = page.getByRole("dialog");
    const closeDialog = async () => {
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden", timeout: 60_000 });
    };
    const taps = { "First tap on /login (Email field)": firstTap } as Record<Tap, number>;
    taps["Invest Now (dialog open)"] = await timeTap(
      page,
      () => invest.click(),
      () => dialog.waitFor({ timeout: 60_000 }),
    );
    await closeDialog();
    taps["Deposit (dialog open)"] = await timeTap(
      page,
      () => page.getByRole("banner").getByRole("button", { name: "Deposit", exact: true }).click(),
      () => page.getByRole("dialog", { name: "Deposit Funds" }).waitFor({ timeout: 60_000 }),
    );
    await closeDialog();
    taps["Tab switch (Investments)"] = await timeTap(
      page,
      () => page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Investments" }).click(),
      () => page.getByRole("heading", { name: "My Investments" }).waitFor({ timeout: 60_000 }),
    );
    const claim = page.getByRole("button", { name: "Claim Reward" }).first();
    await claim.waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined);
    taps["Claim Reward"] = await timeTap(
      page,
      () => claim.click(),
      () => page.getByText(/^Reward claimed: KES /).waitFor({ timeout: 60_000 }),
    );
    return { calibration, taps };
  } finally {
    await page.close();
  }
}

/** Expects web/dist to be a fresh production build (`npm run build -w web`). */
export async function benchInp(log: (line: string) => void): Promise<InpBench> {
  process.env.LOG_LEVEL = "warn";
  const stack = await startLocalStack({
    ...defaultLocalStackOptions({}),
    ports: PORTS,
    mail: MAIL,
    dataDir: undefined,
    tableName: "jengafund-inp",
    withoutWeb: true,
    simDelayMs: 100,
  });
  let preview: ChildProcess | undefined;
  try {
    preview = await startPreview(PORTS.api, PREVIEW_PORT);
    const origin = `http://127.0.0.1:${PREVIEW_PORT}`;
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: chromiumFlags });
    try {
      const loadBefore = loadavg();
      const runs: RunFigures[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A context of its own per run: the screen as a phone opens it, service worker blocked (the first visit's).
        const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: "block" });
        try {
          const figures = await oneRun(context, origin, run);
          runs.push(figures);
          log(
            `  run ${run + 1} (${calibrationText(figures.calibration)}): ${TAPS.map((tap) => `${tap} ${Math.round(figures.taps[tap])} ms`).join(", ")}`,
          );
        } finally {
          await context.close();
        }
      }
      return { runs, loadBefore, loadAfter: loadavg() };
    } finally {
      await browser.close();
    }
  } finally {
    preview?.kill("SIGTERM");
    await stack.stop();
  }
}

export function inpSection({ runs, loadBefore, loadAfter }: InpBench): string {
  const median = (pick: (run: RunFigures) => number) => percentile(runs.map(pick), 50);
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");
  const rows = TAPS.map((tap) => {
    const value = median((run) => run.taps[tap]);
    return `| ${tap} | ${Math.round(value)} ms${value <= INP_TARGET_MS ? "" : " **over**"} | ${runs.map((run) => Math.round(run.taps[tap])).join(", ")} |`;
  });
  const calibration: Calibration = {
    benchmarkIndex: median((run) => run.calibration.benchmarkIndex),
    cpuSlowdown: median((run) => run.calibration.cpuSlowdown),
  };
  return `${INP_HEADING}

Measured on ${new Date().toISOString().slice(0, 10)}: \`npm run preview\` (web/dist, /api proxied to a local stack of its own), Debian
Chromium headless at ${VIEWPORT.width} × ${VIEWPORT.height}, a new context per run (no service worker), under CDP throttling: Lighthouse's
slow 4G and the CPU slowdown of one emulated phone of benchmarkIndex ${PHONE_BENCHMARK_INDEX}, calibrated before each run
(${calibrationText(calibration)}, medians). Each run first opens the pre-rendered /login as a visitor and, a second
after it has loaded, taps its Email field: the tap that starts the app's code on a pre-rendered page (main.tsx). It
then signs a new trial investor in (one package bought, so Claim Reward
is live), opens /dashboard/packages and leaves it ${SETTLE_MS / 1000} s after the network is quiet, then taps. A tap's figure is
the longest Event Timing entry of its interaction (input delay, handlers and the next paint), as the browser counts
INP; 16 ms is the least it reports. Median of ${runs.length} runs (each run's figure in the last column). Target: ≤ ${INP_TARGET_MS} ms.
Load average (1 / 5 / 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after, on ${cpus().length} cores.

| Tap | INP (median) | Runs |
|---|---|---|
${rows.join("\n")}
`;
}
