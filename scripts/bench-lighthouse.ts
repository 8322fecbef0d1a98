/**
 * Lighthouse on the production build, as quality.md measures it: `npm run preview` (web/dist, /api proxied to a local
 * stack of its own), Lighthouse 12's mobile settings (Moto G Power, simulated slow 4G) with the CPU slowdown calibrated
 * before each run (scripts/bench-calibration.ts: every run emulates the same phone, whatever the machine's load),
 * Debian's Chromium with a fresh profile per run (cold cache), each page RUNS times, median of each figure.
 * /dashboard/packages is measured signed in: the token is put into localStorage as the app keeps it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumFlags } from "../web/e2e/support/browser.js";
import { percentile } from "./bench-api.js";
import { type Calibration, calibrate, PHONE_BENCHMARK_INDEX, SLOW_4G } from "./bench-calibration.js";
import { defaultLocalStackOptions, repoRoot, startLocalStack } from "./local-stack.js";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every run's full Lighthouse report (JSON) there. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** BENCH_PORT_OFFSET moves every port below, so the bench can run beside another stack (as scripts/bench-api.ts). */
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const PREVIEW_PORT = 4173 + OFFSET;
const DEBUGGING_PORT = 9333 + OFFSET;
/** Away from `npm start`'s, the e2e's and the API bench's ports. */
const PORTS = {
  web: 0,
  api: 3330 + OFFSET,
  sim: 4330 + OFFSET,
  dynamodb: 8430 + OFFSET,
  bus: 4340 + OFFSET,
  sms: 4350 + OFFSET,
  s3: 4354 + OFFSET,
};
/** quality.md's targets, by page: the public pages for TBT, the signed-in dashboard for LCP; CLS everywhere. */
export interface LighthouseTarget {
  score: number;
  tbtMs?: number;
  lcpMs?: number;
  cls: number;
}
export const LIGHTHOUSE_TARGETS: Record<string, LighthouseTarget> = {
  "/": { score: 95, tbtMs: 200, cls: 0.02 },
  "/login": { score: 95, tbtMs: 200, cls: 0.02 },
  "/register": { score: 95, tbtMs: 200, cls: 0.02 },
  "/terms": { score: 95, tbtMs: 200, cls: 0.02 },
  "/dashboard/packages": { score: 90, lcpMs: 2500, cls: 0.02 },
};
const targetOf = (path: string): LighthouseTarget => LIGHTHOUSE_TARGETS[path] ?? { score: 95, cls: 0.02 };

/** Each target's verdicts for a page's figures: true where met, false where missed. */
export function targetsMet(page: Pick<PageFigures, "path" | "score" | "tbtMs" | "lcpMs" | "cls">) {
  const t = targetOf(page.path);
  return {
    score: page.score >= t.score,
    tbtMs: t.tbtMs === undefined || page.tbtMs <= t.tbtMs,
    lcpMs: t.lcpMs === undefined || page.lcpMs <= t.lcpMs,
    cls: page.cls <= t.cls,
  };
}

const ALL_PAGES = [
  { path: "/", signedIn: false },
  { path: "/login", signedIn: false },
  { path: "/register", signedIn: false },
  { path: "/terms", signedIn: false },
  { path: "/dashboard/packages", signedIn: true },
] as const;
/** BENCH_LIGHTHOUSE_PAGES=/dashboard/packages,/login measures only those pages (while tracing one change). */
const PAGES = ALL_PAGES.filter(
  ({ path }) => !process.env.BENCH_LIGHTHOUSE_PAGES || process.env.BENCH_LIGHTHOUSE_PAGES.split(",").includes(path),
);

interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  /** All the page's transfers (Lighthouse's total-byte-weight), API answers included. */
  bytes: number;
  /** Lighthouse's split of the LCP: TTFB, load delay, load time, render delay (simulated ms). */
  lcpPhases: Record<string, number>;
  /** Lighthouse's measure of how fast this machine ran at the time (higher is faster; load lowers it). */
  benchmarkIndex: number;
  /** The calibration measured just before the run, and the CPU slowdown the run used. */
  calibration: Calibration;
  /** main.tsx's `boot:<step>` measures as the page ran here, unthrottled (Lighthouse simulates 4× the CPU time). */
  bootMs: Record<string, number>;
}

export interface PageFigures extends RunFigures {
  path: string;
  scores: number[];
  /** The JavaScript the page's HTML loads before it can hydrate: its module script and modulepreloads, gzip. */
  upfrontJsGzip: number;
}

export interface LighthouseBench {
  pages: PageFigures[];
  loadBefore: number[];
  loadAfter: number[];
}

const dist = join(repoRoot, "web", "dist");

/** The page file the preview serves for a path (vite.config.ts): its pre-rendered page, else the app shell. */
function pageFile(path: string): string {
  const prerendered = join(dist, path, "index.html");
  return existsSync(prerendered) ? prerendered : join(dist, "app.html");
}

/** The gzip size of the JavaScript a page's HTML asks for up front (module script and modulepreloads). */
export function upfrontJsGzip(htmlFile: string): number {
  const html = readFileSync(htmlFile, "utf8");
  const files = [
    ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1] ?? "");
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
}

/** `vite preview` of web/dist on `port`, /api proxied to `apiPort`. */
export function startPreview(apiPort: number, port = PREVIEW_PORT): Promise<ChildProcess> {
  const preview = spawn(
    process.execPath,
    [join(repoRoot, "node_modules", "vite", "bin", "vite.js"), "preview", "--host", "127.0.0.1"],
    {
      cwd: join(repoRoot, "web"),
      env: { ...process.env, API_PORT: String(apiPort), PREVIEW_PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    preview.once("exit", (code) => reject(new Error(`vite preview exited with code ${code}`)));
    preview.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes(`:${port}`)) resolve(preview);
    });
  });
}

/** Registers a new investor through the API and returns the session token. */
export async function registerInvestor(
  baseUrl: string,
  email = "lighthouse@bench.test",
  phoneNumber = "0711000099",
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Lighthouse",
      lastName: "Investor",
      email,
      phoneNumber,
      password: "Mvua-Nyingi-42",
    }),
  });
  if (!response.ok)
    throw new Error(`Registering the bench investor failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** One Lighthouse run in a fresh Chromium profile; with a token, the page is opened signed in. */
async function runOnce(url: string, token: string | undefined): Promise<RunFigures> {
  const profile = mkdtempSync(join(tmpdir(), "jengafund-lighthouse-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: [...chromiumFlags, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    if (token) {
      // Any file of the origin gives its localStorage; the HTTP cache is emptied after, so the run starts cold.
      await page.goto(new URL("/favicon.svg", url).href);
      await page.evaluate((value) => localStorage.setItem("token", value), token);
      await (await browser.newCDPSession(page)).send("Network.clearBrowserCache");
      await page.goto("about:blank");
    }
    const calibration = await calibrate(browser);
    const result = await lighthouse(url, {
      port: DEBUGGING_PORT,
      throttling: { ...SLOW_4G, cpuSlowdownMultiplier: calibration.cpuSlowdown },
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      // Lighthouse's own reset would also clear the token; the profile is new, so the cache is cold anyway.
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(
        join(REPORTS_DIR, `${new URL(url).pathname.replaceAll("/", "_")}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the page was not measured`);
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpElement = lhr.audits["largest-contentful-paint-element"]?.details as
      | { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] }
      | undefined;
    const lcpPhases = Object.fromEntries(
      (lcpElement?.items?.[1]?.items ?? []).flatMap((item) =>
        item.phase !== undefined && item.timing !== undefined ? [[item.phase, item.timing]] : [],
      ),
    );
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      lcpElement: lcpElement?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
      bytes: numeric("total-byte-weight"),
      lcpPhases,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      calibration,
      bootMs: bootSteps(lhr.audits["user-timings"]?.details),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const BOOT_STEPS = ["react-dom", "design-system", "app"];

/** The boot steps' times, or "after the run" where the app's code did not run while Lighthouse watched. */
function bootText(bootMs: Record<string, number>): string {
  const steps = BOOT_STEPS.map((step) => bootMs[step] ?? Number.NaN);
  return steps.every(Number.isNaN) ? "after the run" : steps.map((value) => Math.round(value)).join(" / ");
}

function bootSteps(details: unknown): Record<string, number> {
  const items = (details as { items?: { name?: string; duration?: number }[] } | undefined)?.items ?? [];
  return Object.fromEntries(
    items
      .filter((item) => item.name?.startsWith("boot:") && item.duration !== undefined)
      .map((item) => [item.name?.slice("boot:".length) ?? "", item.duration ?? 0]),
  );
}

/** Expects web/dist to be a fresh production build (`npm run build -w web`). */
export async function benchLighthouse(log: (line: string) => void): Promise<LighthouseBench> {
  process.env.LOG_LEVEL = "warn";
  const defaults = defaultLocalStackOptions({});
  const stack = await startLocalStack({
    ...defaults,
    ports: PORTS,
    mail: { smtpPort: 1425 + OFFSET, webPort: 1480 + OFFSET },
    dataDir: undefined,
    tableName: "jengafund-lighthouse",
    withoutWeb: true,
    simDelayMs: 100,
  });
  let preview: ChildProcess | undefined;
  try {
    preview = await startPreview(PORTS.api);
    const baseUrl = `http://127.0.0.1:${PREVIEW_PORT}`;
    const token = await registerInvestor(baseUrl);
    const loadBefore = loadavg();
    const pages: PageFigures[] = [];
    for (const { path, signedIn } of PAGES) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(`${baseUrl}${path}`, signedIn ? token : undefined));
      const median = (pick: (run: RunFigures) => number) => percentile(runs.map(pick), 50);
      const medianRun = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)] ?? runs[0];
      const figures: PageFigures = {
        path,
        scores: runs.map((run) => run.score),
        score: median((run) => run.score),
        fcpMs: median((run) => run.fcpMs),
        lcpMs: median((run) => run.lcpMs),
        tbtMs: median((run) => run.tbtMs),
        cls: median((run) => run.cls),
        bytes: median((run) => run.bytes),
        lcpPhases: medianRun?.lcpPhases ?? {},
        benchmarkIndex: median((run) => run.benchmarkIndex),
        calibration: {
          benchmarkIndex: median((run) => run.calibration.benchmarkIndex),
          cpuSlowdown: median((run) => run.calibration.cpuSlowdown),
        },
        bootMs: Object.fromEntries(BOOT_STEPS.map((step) => [step, median((run) => run.bootMs[step] ?? Number.NaN)])),
        lcpElement: medianRun?.lcpElement ?? "",
        upfrontJsGzip: upfrontJsGzip(pageFile(path)),
      };
      pages.push(figures);
      log(
        `  ${path.padEnd(20)} score ${figures.score} (runs ${figures.scores.join(", ")})  FCP ${ms(figures.fcpMs)}  LCP ${ms(figures.lcpMs)}  TBT ${ms(figures.tbtMs)}  CLS ${figures.cls.toFixed(3)}  ${kb(figures.bytes)}  (benchmarkIndex ${Math.round(figures.calibration.benchmarkIndex)}, ${figures.calibration.cpuSlowdown.toFixed(2)}× CPU; Lighthouse's own ${Math.round(figures.benchmarkIndex)})`,
      );
    }
    return { pages, loadBefore, loadAfter: loadavg() };
  } finally {
    preview?.kill("SIGTERM");
    await stack.stop();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const LIGHTHOUSE_HEADING = "## Lighthouse (mobile, production build)";

export function lighthouseSection({ pages, loadBefore, loadAfter }: LighthouseBench): string {
  const mark = (ok: boolean) => (ok ? "" : " **over**");
  const target = (path: string) => {
    const t = targetOf(path);
    return [
      `≥ ${t.score}`,
      t.tbtMs ? `TBT ≤ ${t.tbtMs} ms` : "",
      t.lcpMs ? `LCP ≤ ${t.lcpMs / 1000} s` : "",
      `CLS ≤ ${t.cls}`,
    ]
      .filter(Boolean)
      .join(", ");
  };
  const rows = pages.map((p) => {
    const met = targetsMet(p);
    return `| ${p.path} | ${target(p.path)} | ${p.score}${mark(met.score)} (${p.scores.join(", ")}) | ${ms(p.fcpMs)} | ${ms(p.lcpMs)}${mark(met.lcpMs)} | ${ms(p.tbtMs)}${mark(met.tbtMs)} | ${p.cls.toFixed(3)}${mark(met.cls)} | ${kb(p.bytes)} | ${kb(p.upfrontJsGzip)} | ${Math.round(p.calibration.benchmarkIndex)} | ${p.calibration.cpuSlowdown.toFixed(2)}× | ${bootText(p.bootMs)} | \`${p.lcpElement.slice(0, 60)}\` |`;
  });
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");
  const missed = pages.filter((p) => Object.values(targetsMet(p)).includes(false));
  return `${LIGHTHOUSE_HEADING}

Measured on ${new Date().toISOString().slice(0, 10)}: Lighthouse 12 on \`npm run preview\` (web/dist; /api proxied to a local stack of its own), mobile settings
(Moto G Power screen, simulated slow 4G) on **one emulated phone of benchmarkIndex ${PHONE_BENCHMARK_INDEX}**: before each run the
bench measures Lighthouse's benchmarkIndex of this machine in the same browser and sets the simulated CPU slowdown to
benchmarkIndex / ${PHONE_BENCHMARK_INDEX} (scripts/bench-calibration.ts), so a busy machine gets a smaller multiplier instead of
emulating a slower phone. Debian Chromium headless, a fresh profile per run (cold cache), ${RUNS} runs a page, median of each
figure (the scores of every run in brackets). /dashboard/packages is opened signed in as a new investor. Targets
(quality.md), by page: the public pages score ≥ 95 with TBT ≤ 200 ms, the signed-in dashboard ≥ 90 with LCP ≤ 2.5 s,
CLS ≤ 0.02 everywhere. Load average (1 / 5 / 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after, on ${cpus().length}
cores. Bytes: everything the page transferred (Lighthouse's total-byte-weight, API answers included). Up-front JS: the
module script and modulepreloads of the HTML the page is served (its pre-rendered page, or the app shell), gzip.
benchmarkIndex and CPU slowdown: the calibration's medians over the page's runs. Boot steps: main.tsx's measures of
loading and running React DOM / the design system / the app's modules, each its own task, as they took here without
throttling (the simulation counts the CPU slowdown times that); a pre-rendered page runs them at the visitor's first
touch or key, or once it has settled (5 s after load, then an idle moment), which is after Lighthouse's run ends. \`npm run preview\` serves HTTP/1.1 (six connections,
each file a request of its own); CloudFront serves HTTP/2 and HTTP/3, where the many small chunks share one connection.

| Page | Target | Score (runs) | FCP | LCP | TBT | CLS | Bytes | Up-front JS | benchmarkIndex | CPU slowdown | Boot steps (ms, here) | LCP element |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
${
  missed.length > 0
    ? `\nMissed: ${missed.map((p) => p.path).join(", ")}.${missed
        .filter((p) => !targetsMet(p).lcpMs)
        .map(
          (p) =>
            ` ${p.path}'s LCP as Lighthouse splits it (run of the median score): ${Object.entries(p.lcpPhases)
              .map(([phase, timing]) => `${phase.toLowerCase()} ${ms(timing)}`)
              .join(", ")}.`,
        )
        .join("")}\n${KNOWN_GAPS}`
    : ""
}`;
}

/** Why a target is missed, as measured while this was written; the figures above say whether it still is. */
const KNOWN_GAPS = `
Where a target is missed (**over**), the causes found:
- **TBT** comes mostly from the design-system step (the middle boot step): Chakra UI 3 creates its styling system in
  the browser on every load, about 600 design tokens with their CSS variables and a style utility for every CSS
  property. Three changes cut it: the semantic tokens keep only their light values (the app has no dark mode); the
  theme is assembled from Chakra's parts, because the module exporting \`defaultConfig\` also created a second,
  complete system as it loaded; and only the 28 recipes the app draws are carried. What is left is the creation of the
  system the app uses, about 50 ms on this machine, one task that cannot be split (about 200 ms at 4× CPU): the code
  loads in 25–60 ms of that step when measured apart, the rest is \`createSystem\` itself. Going further means
  generating the styles at build time (e.g. Panda CSS, Chakra's build-time sibling) instead of Chakra's runtime
  system, a change of the design system that this issue does not make. A Chromium trace of /login at 4× CPU shows
  the long tasks as the page meets them: layout of the pre-rendered HTML (about 100 ms), React DOM's evaluation
  (110–140 ms), Chakra's code (about 80 ms), the system's creation (about 200 ms) and the app's modules (about 75 ms);
  hydration itself runs in short slices. React DOM's step (parse and evaluate, about 65 KB gzip) is thus next; /register hydrates the largest form (two alerts, seven fields, the terms checkbox, the risk
  notice), which shows as Chakra style computation and React's hydration. On /dashboard/packages, the screens that
  follow the session and packages answers render outside a transition (React Query's updates are synchronous) and add
  a task of about 230 ms at 4× CPU; rendering only the first row of package cards in it (the rest deferred) left it
  about as long, so the cards are not what makes it long. TBT also follows the machine's load (benchmarkIndex): the same build gives a
  page 100–300 ms more from run to run here.
- **LCP of /dashboard/packages**: its largest element is the first package's banner (378 × 189 at phone width).
  A Lighthouse trace of the cold page at 4× CPU (issue 24) put 80 % of the LCP in its load delay, the wait before the
  banner is even requested, and found: the first reads (app/first-reads.ts) began only after all 72 preloaded scripts
  had downloaded, because their chunks were the last in the shell's list, so the app's own GET /api/auth/me went out
  first and the early one went out again beside it; the banner's URL was known only once the dashboard had rendered
  the packages; the Deposit and purchase modals' code (dialog, tabs, form fields, the validation schemas, Paybill,
  about 30 KB gzip in 17 requests) was preloaded and evaluated for a screen that does not open them; and the pending
  deposits' read went out before the banners. Changed: the shell asks first for the first reads' code and Amplify; the
  packages answer preloads the first row's banners at high priority; the modals' bodies load on first press or when
  the page has settled (an idle moment some seconds after load, as for the service worker's install, whose start at
  the first idle moment the bench measured inside the blocking time); the dashboard's layout and tab modules are loaded before the first render, which then draws
  them without suspending per lazy level; the pending deposits are read once the first screen's reads have answered.
  Tried and not kept: the shell's scripts at the browser's default (high) priority, because Lighthouse's simulation
  counts high-priority scripts as blocking the first paint (its FCP went from 1.5 s to 4.4 s); grouping the design
  system's small chunks (Rolldown \`codeSplitting.groups\` on @chakra-ui, @ark-ui, @zag-js, @emotion), which added
  about 29 KB gzip to the shell (and, as one chunk, 33 KB to the landing page) to save 17 of its 57 requests; on
  CloudFront's HTTP/2 and HTTP/3 those requests share a connection. What is left is CPU: the render that follows the
  packages answer (React DOM rendering Chakra's styled cards, about 2 s of the simulation's 4× CPU time on a loaded
  machine) and the design system's creation; the render delay grows with the machine's load (benchmarkIndex). Going
  well below 2.5 s on a phone's first visit needs the design system's styles generated at build time, or HTML for the
  signed-in dashboard from a server; the repeat visit (next section) paints from the phone instead.
`;
