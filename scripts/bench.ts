/**
 * `npm run bench`: measures what quality.md budgets and writes docs/benchmarks.md.
 * - every route's Lambda bundle (built as the CDK builds it: esbuild, ESM, minified), raw and gzip size;
 * - each bundle's import time in a fresh Node process (median of 25), beside the DynamoDB-client-only bundle;
 * - the web entry chunk (gzip) and the largest route chunk, from a production build.
 * - Lighthouse (mobile) on the production build served by `npm run preview` (scripts/bench-lighthouse.ts).
 * BENCH_ONLY=bundles measures the Lambda bundles alone and rewrites only their section of docs/benchmarks.md;
 * BENCH_ONLY=web builds the web app and rewrites only the Web section (its chunks and what each page loads up front).
 * BENCH_ONLY=lighthouse builds the web app, runs Lighthouse alone and rewrites only the Web and Lighthouse sections.
 * BENCH_ONLY=repeat-visit builds the web app, measures the signed-in dashboard's repeat visit (service worker and
 * persisted cache in place, scripts/bench-repeat-visit.ts) and rewrites only the Repeat visit section.
 * BENCH_ONLY=inp builds the web app, measures the dashboard's taps (interaction to next paint, scripts/bench-inp.ts)
 * and rewrites only the Interaction to next paint section.
 * BENCH_ONLY=statements times statement generation (1,000 and 10,000 lines, CSV and PDF; scripts/bench-statements.ts)
 * and rewrites only its section.
 * BENCH_ONLY=partitions runs the R6 workload with the table's stream on and rewrites only the Partition heat section.
 * BENCH_ONLY=api measures the endpoints under load beside their DynamoDB Local anchors and the Paybill figures
 * (validation under load, confirmation → balance visible), and rewrites only the API and Paybill sections (the round
 * trips and STK callback figures are measured on the way but not written).
 * BENCH_PORT_OFFSET moves the benches' local stacks and servers off their default ports (scripts/bench-api.ts,
 * bench-lighthouse.ts, bench-repeat-visit.ts).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { routes } from "@jengafund/shared";
import { build } from "esbuild";
import { lambdaBundleAliases } from "../functions/src/bundling.js";
import { API_LOAD_HEADING, apiLoadSection, benchApi, percentile } from "./bench-api.js";
import { benchInp, INP_HEADING, inpSection } from "./bench-inp.js";
import { benchLighthouse, LIGHTHOUSE_HEADING, lighthouseSection } from "./bench-lighthouse.js";
import { measurePartitionHeat, PARTITION_HEAT_HEADING } from "./bench-partitions.js";
import { PAYBILL_HEADING, paybillSection } from "./bench-paybill.js";
import { benchRepeatVisit, REPEAT_VISIT_HEADING, repeatVisitSection } from "./bench-repeat-visit.js";
import { measureStatements, STATEMENTS_HEADING } from "./bench-statements.js";
import { repoRoot } from "./local-stack.js";

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 25);
const BUNDLES_ONLY = process.env.BENCH_ONLY === "bundles";
const LIGHTHOUSE_ONLY = process.env.BENCH_ONLY === "lighthouse";
const PARTITIONS_ONLY = process.env.BENCH_ONLY === "partitions";
const API_ONLY = process.env.BENCH_ONLY === "api";
const REPEAT_VISIT_ONLY = process.env.BENCH_ONLY === "repeat-visit";
const INP_ONLY = process.env.BENCH_ONLY === "inp";
const STATEMENTS_ONLY = process.env.BENCH_ONLY === "statements";
const WEB_ONLY = process.env.BENCH_ONLY === "web";
/** quality.md: a read route's bundle (the route list's `data: "read"`) stays within this, gzip. */
const READ_ROUTE_BUDGET_KB = 125;
/** quality.md: a handler's import time stays within this multiple of the client-only bundle's, same build, same run. */
const IMPORT_RATIO_BUDGET = 1.2;
/** quality.md: the landing page's entry JS and each route chunk, gzip. */
const WEB_ENTRY_BUDGET_KB = 170;
const ROUTE_CHUNK_BUDGET_KB = 50;
/**
 * The JS a page asks for up front does not grow (the kept screen, docs/adr/0019-kept-screen-first-paint.md, came with
 * no more of it): the landing page's and the shell's, in bytes as `upFront` measures them, set to the build that
 * brought them back under the figures of the build before the kept screen (docs/benchmarks.md, "Web").
 */
const LANDING_UP_FRONT_CEILING_BYTES = 170_145;
const SHELL_UP_FRONT_CEILING_BYTES = 226_963;
/** This run's bundles: a directory of its own, as another bench may run beside it on a shared machine. */
const outDir = join(repoRoot, ".test-artifacts", `bench-bundles-${process.pid}`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The CDK's aliases (functions/src/bundling.ts), resolved from the repository root as the CDK resolves them. */
const lambdaAlias = Object.fromEntries(
  Object.entries(lambdaBundleAliases).map(([name, path]) => [name, join(repoRoot, path)]),
);

/** `lambda: false` builds with the stock SDK (no aliases): the anchor quality.md names. */
async function bundle(name: string, entry: { file: string } | { contents: string }, { lambda = true } = {}) {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${name}.mjs`);
  const { metafile } = await build({
    ...("file" in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents, resolveDir: join(repoRoot, "functions"), loader: "ts" } }),
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    minify: true,
    mainFields: ["module", "main"],
    alias: lambda ? lambdaAlias : {},
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    logLevel: "error",
    metafile: true,
  });
  const code = readFileSync(outfile);
  /** Bytes of the bundle by part of the code (partOf). */
  const parts: Record<string, number> = {};
  for (const [input, { bytesInOutput }] of Object.entries(
    metafile.outputs[relative(repoRoot, outfile)]?.inputs ?? {},
  )) {
    parts[partOf(input)] = (parts[partOf(input)] ?? 0) + bytesInOutput;
  }
  return { outfile, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, parts };
}

/** Which part of the code a bundle's input is, to say what a handler's bundle adds to the client-only one. */
function partOf(input: string): string {
  if (input.includes("node_modules/zod/")) return "zod";
  if (input.includes("node_modules/jose/")) return "jose";
  if (/node_modules\/(@aws-lambda-powertools|@aws\/lambda-invoke-store)\//.test(input)) return "Powertools";
  if (input.includes("node_modules/@middy/")) return "middy";
  if (/node_modules\/(@aws-sdk|@smithy|@aws)\//.test(input)) return "AWS SDK";
  if (input.startsWith("shared/")) return "shared";
  if (input.startsWith("functions/")) return "functions/src";
  return "other";
}

/**
 * One import of `file` in a fresh Node process: its wall-clock time and the CPU time the process spent on it (user
 * and system), in milliseconds. The CPU time leaves out the waits for a core that other work on a shared machine
 * causes, so it moves less with the load than the wall-clock time does.
 */
function importOnce(file: string): { wallMs: number; cpuMs: number } {
  const script = `const c=process.cpuUsage(),t=performance.now();await import(${JSON.stringify(file)});const w=performance.now()-t,u=process.cpuUsage(c);process.stdout.write(JSON.stringify([w,(u.user+u.system)/1000]));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    encoding: "utf8",
  });
  const [wallMs = Number.NaN, cpuMs = Number.NaN] = JSON.parse(out) as number[];
  return { wallMs, cpuMs };
}

/**
 * How long V8 takes to compile each file as a module, without running it: the median of 21 compiles in one process,
 * the files taking turns (a different last line each time, so nothing comes from V8's compilation cache).
 */
function compileMs(files: string[]): number[] {
  const script = `import{readFileSync as r}from"node:fs";import{SourceTextModule as M}from"node:vm";const f=${JSON.stringify(files)}.map(p=>r(p,"utf8")),t=f.map(()=>[]);for(let i=0;i<21;i++)f.forEach((s,j)=>{const a=performance.now();new M(s+"\\n//"+i);t[j].push(performance.now()-a)});process.stdout.write(JSON.stringify(t.map(v=>v.sort((a,b)=>a-b)[10])));`;
  const out = execFileSync(
    process.execPath,
    ["--experimental-vm-modules", "--no-warnings", "--input-type=module", "-e", script],
    {
      encoding: "utf8",
    },
  );
  return JSON.parse(out) as number[];
}

function importTimeMs(file: string): number {
  return percentile(
    Array.from({ length: RUNS }, () => importOnce(file).wallMs),
    50,
  );
}

/**
 * The medians of `file` and `baseline`, their runs alternating: both see the same machine load, so their ratio holds
 * on a shared machine where the absolute times drift.
 */
function importSideBySideMs(file: string, baseline: string) {
  const own: ReturnType<typeof importOnce>[] = [];
  const base: ReturnType<typeof importOnce>[] = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(importOnce(baseline));
    own.push(importOnce(file));
  }
  const median = (runs: ReturnType<typeof importOnce>[], of: "wallMs" | "cpuMs") =>
    percentile(
      runs.map((run) => run[of]),
      50,
    );
  return {
    importMs: median(own, "wallMs"),
    baselineMs: median(base, "wallMs"),
    cpuRatio: median(own, "cpuMs") / median(base, "cpuMs"),
  };
}

function buildWeb(): void {
  console.log("Building the web app…");
  const webBuild = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: repoRoot, encoding: "utf8" });
  if (webBuild.status !== 0) {
    console.error(webBuild.stdout, webBuild.stderr);
    process.exit(1);
  }
}

/**
 * Lighthouse's section measured in a process of its own. A local stack's handlers run in the process that starts it,
 * and read their configuration (table, DynamoDB endpoint) and create their DynamoDB client once per process, as in a
 * Lambda container; the API section's stack, started next in this process, would otherwise reach the stopped one.
 */
function measureLighthouseApart(): string {
  return measureApart("Lighthouse", "BENCH_LIGHTHOUSE_SECTION_FILE");
}

/** The Repeat visit section, in a process of its own for the same reason (its own local stack). */
function measureRepeatVisitApart(): string {
  return measureApart("Repeat visit", "BENCH_REPEAT_VISIT_SECTION_FILE");
}

/** The Interaction to next paint section, in a process of its own for the same reason. */
function measureInpApart(): string {
  return measureApart("Interaction to next paint", "BENCH_INP_SECTION_FILE");
}

/** Runs this script again with `fileVariable` naming a file, where the child writes its section. */
function measureApart(name: string, fileVariable: string): string {
  const dir = mkdtempSync(join(tmpdir(), "jengafund-bench-section-"));
  const file = join(dir, "section.md");
  try {
    const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      cwd: repoRoot,
      stdio: "inherit",
      env: { ...process.env, [fileVariable]: file },
    });
    if (run.status !== 0) throw new Error(`The ${name} section failed (exit ${run.status ?? run.signal})`);
    return readFileSync(file, "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureRepeatVisit(): Promise<string> {
  console.log("Repeat visit of the signed-in dashboard on the production build (npm run preview)…");
  return repeatVisitSection(await benchRepeatVisit((line) => console.log(line)));
}

async function measureInp(): Promise<string> {
  console.log("Interaction to next paint of the dashboard's taps on the production build (npm run preview)…");
  return inpSection(await benchInp((line) => console.log(line)));
}

async function measureLighthouse(): Promise<string> {
  console.log("Lighthouse on the production build (npm run preview)…");
  return lighthouseSection(await benchLighthouse((line) => console.log(line)));
}

/**
 * What a built page asks for up front: its module script and every modulepreload it names (a pre-rendered page's
 * deferred ones, in their template, included), each file once, each gzipped at level 9, summed.
 */
function upFront(dist: string, page: string): { files: string[]; gzip: number } {
  const html = readFileSync(join(dist, page), "utf8");
  const entry = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1];
  if (!entry) throw new Error(`Could not find the entry script in web/dist/${page}`);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? "");
  const files = [...new Set([entry, ...preloads])];
  return {
    files,
    gzip: files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0),
  };
}

/** The production build's chunks: what the landing page and the shell (app.html) load up front; every chunk's size. */
function webSection(): string {
  const dist = join(repoRoot, "web", "dist");
  const landing = upFront(dist, "index.html");
  const shell = upFront(dist, "app.html");
  const [entryPath = "", ...preloads] = landing.files;
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const entryGzip = landing.gzip;
  const ceiling = (bytes: number, limit: number) =>
    `${bytes.toLocaleString("en-US")} bytes (ceiling ${limit.toLocaleString("en-US")}: ${bytes <= limit ? "within" : "**over**"})`;
  const assets = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
  const chunkRows = assets
    .map((file) => ({ file, gzip: gz(join("assets", file)), bytes: statSync(join(dist, "assets", file)).size }))
    .sort((a, b) => b.gzip - a.gzip)
    .map(
      (c) =>
        `| ${c.file} | ${kb(c.bytes)} | ${kb(c.gzip)} |${[entryPath, ...preloads].includes(`assets/${c.file}`) ? " entry |" : " |"}`,
    );
  const largestRoute = assets
    .filter((file) => ![entryPath, ...preloads].includes(`assets/${file}`))
    .reduce((largest, file) => Math.max(largest, gz(join("assets", file))), 0);
  console.log(`  web entry (with preloads): ${kb(entryGzip)} gzip; the shell's ${kb(shell.gzip)}`);
  // The charting library is its own chunk, loaded only by the screens that draw charts (issue 23: ≤ 50 KB gzip).
  const chartChunks = assets.filter((file) => /uplot/i.test(file));
  const chartGzip = chartChunks.reduce((sum, file) => sum + gz(join("assets", file)), 0);
  const chartLine = chartChunks.length
    ? `The charts' library (uPlot) is ${chartChunks.length === 1 ? "one chunk" : `${chartChunks.length} chunks`} of ${kb(chartGzip)} gzip (budget ${ROUTE_CHUNK_BUDGET_KB} KB: ${chartGzip / 1024 <= ROUTE_CHUNK_BUDGET_KB ? "within" : "**over**"}), loaded only by the screens that draw charts.`
    : "No chart chunk was found in this build.";
  return `## Web

Entry (the module script of index.html, the pre-rendered landing page, plus its modulepreloads: React DOM, the design
system and the app shell, which main.tsx loads as separate steps): **${kb(entryGzip)} gzip** (budget ${WEB_ENTRY_BUDGET_KB} KB: ${entryGzip / 1024 <= WEB_ENTRY_BUDGET_KB ? "within" : "**over**; React DOM, Chakra's system and react-toastify, which the session's and failed reads' toasts import, are its largest parts"}).
Admin and dashboard code is in route chunks the landing page does not load; the largest chunk outside the entry is
${kb(largestRoute)} gzip (budget ${ROUTE_CHUNK_BUDGET_KB} KB: ${largestRoute / 1024 <= ROUTE_CHUNK_BUDGET_KB ? "within" : "**over**"}).
${chartLine}

Up front, measured as the sum, over the page's module script and each modulepreload it names (a pre-rendered page's
deferred ones included), each file counted once, of its gzip at level 9: the landing page
${ceiling(landing.gzip, LANDING_UP_FRONT_CEILING_BYTES)}, the shell (app.html, which a signed-in investor's dashboard
opens) ${ceiling(shell.gzip, SHELL_UP_FRONT_CEILING_BYTES)}.

| Chunk | Minified | Gzip | |
|---|---|---|---|
${chunkRows.join("\n")}
`;
}

/**
 * The record of before and after, kept by hand beside the measured sections (each change to the web app's first
 * paint, measured on the same emulated phone): a full run carries it over as it stands.
 */
const BEFORE_AFTER_HEADING = "## Before and after: the web app on the emulated phone";

function handKept(heading: string): string {
  const file = join(repoRoot, "docs", "benchmarks.md");
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(heading);
  if (start < 0) return "";
  const next = text.indexOf("\n## ", start + 1);
  return text.slice(start, next < 0 ? undefined : next + 1);
}

/** The text with the section under `heading` replaced by `section` (up to the next "## " heading), or it appended. */
const STK_CALLBACK_HEADING = "## M-Pesa: callback delivered → balance visible";

function replaceSection(text: string, heading: string, section: string): string {
  const start = text.indexOf(heading);
  if (start < 0) return `${text.trimEnd()}\n\n${section}`;
  const next = text.indexOf("\n## ", start + 1);
  return `${text.slice(0, start)}${section}${next < 0 ? "" : `\n${text.slice(next + 1)}`}`;
}

if (STATEMENTS_ONLY) {
  const file = join(repoRoot, "docs", "benchmarks.md");
  writeFileSync(file, replaceSection(readFileSync(file, "utf8"), STATEMENTS_HEADING, measureStatements()));
  console.log("Wrote the Statements section of docs/benchmarks.md");
  process.exit(0);
}

if (PARTITIONS_ONLY) {
  const file = join(repoRoot, "docs", "benchmarks.md");
  writeFileSync(file, replaceSection(readFileSync(file, "utf8"), PARTITION_HEAT_HEADING, measurePartitionHeat()));
  console.log("Wrote the Partition heat section of docs/benchmarks.md");
  process.exit(0);
}

if (API_ONLY) {
  console.log("Measuring the API on a local stack of its own…");
  const api = await benchApi((line) => console.log(line), { adminPages: false });
  const file = join(repoRoot, "docs", "benchmarks.md");
  let text = replaceSection(readFileSync(file, "utf8"), API_LOAD_HEADING, apiLoadSection(api));
  // The Paybill section follows the STK callback's; a file written before it existed gets it there.
  const paybill = paybillSection(api.paybill);
  const after = text.indexOf("\n## ", text.indexOf(STK_CALLBACK_HEADING) + 1);
  text =
    text.includes(PAYBILL_HEADING) || !text.includes(STK_CALLBACK_HEADING) || after < 0
      ? replaceSection(text, PAYBILL_HEADING, paybill)
      : `${text.slice(0, after + 1)}${paybill}\n${text.slice(after + 1)}`;
  writeFileSync(file, text);
  console.log("Wrote the API on the local stack and Paybill sections of docs/benchmarks.md");
  process.exit(0);
}

/** The child process of measureLighthouseApart: measures, writes the section to the file it is given, and ends. */
if (process.env.BENCH_LIGHTHOUSE_SECTION_FILE) {
  writeFileSync(process.env.BENCH_LIGHTHOUSE_SECTION_FILE, await measureLighthouse());
  process.exit(0);
}

/** The child process of measureRepeatVisitApart. */
if (process.env.BENCH_REPEAT_VISIT_SECTION_FILE) {
  writeFileSync(process.env.BENCH_REPEAT_VISIT_SECTION_FILE, await measureRepeatVisit());
  process.exit(0);
}

/** The child process of measureInpApart. */
if (process.env.BENCH_INP_SECTION_FILE) {
  writeFileSync(process.env.BENCH_INP_SECTION_FILE, await measureInp());
  process.exit(0);
}

if (INP_ONLY) {
  buildWeb();
  const inp = await measureInp();
  // After the Repeat visit section, where a file written before it existed gets it.
  const file = join(repoRoot, "docs", "benchmarks.md");
  const text = readFileSync(file, "utf8");
  const after = text.indexOf("\n## ", text.indexOf(REPEAT_VISIT_HEADING) + 1);
  writeFileSync(
    file,
    text.includes(INP_HEADING) || !text.includes(REPEAT_VISIT_HEADING)
      ? replaceSection(text, INP_HEADING, inp)
      : after < 0
        ? `${text.trimEnd()}\n\n${inp}`
        : `${text.slice(0, after + 1)}${inp}\n${text.slice(after + 1)}`,
  );
  console.log("Wrote the Interaction to next paint section of docs/benchmarks.md");
  process.exit(0);
}

if (REPEAT_VISIT_ONLY) {
  buildWeb();
  const repeatVisit = await measureRepeatVisit();
  // Only the Repeat visit section is new; the others stay as the last full run wrote them.
  const file = join(repoRoot, "docs", "benchmarks.md");
  writeFileSync(file, replaceSection(readFileSync(file, "utf8"), REPEAT_VISIT_HEADING, repeatVisit));
  console.log("Wrote the Repeat visit section of docs/benchmarks.md");
  process.exit(0);
}

if (WEB_ONLY) {
  buildWeb();
  const file = join(repoRoot, "docs", "benchmarks.md");
  writeFileSync(file, replaceSection(readFileSync(file, "utf8"), "## Web\n", webSection()));
  console.log("Wrote the Web section of docs/benchmarks.md");
  process.exit(0);
}

if (LIGHTHOUSE_ONLY) {
  buildWeb();
  const web = webSection();
  const lighthouse = await measureLighthouse();
  // Only the Web and Lighthouse sections are new; the others stay as the last full run wrote them.
  const file = join(repoRoot, "docs", "benchmarks.md");
  const previous = readFileSync(file, "utf8");
  writeFileSync(file, replaceSection(replaceSection(previous, "## Web\n", web), LIGHTHOUSE_HEADING, lighthouse));
  console.log("Wrote the Web and Lighthouse sections of docs/benchmarks.md");
  process.exit(0);
}

console.log("Bundling the Lambda handlers…");
const clientOnly =
  'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";\nimport { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";\nexport const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "af-south-1" }));';
/** The client-only bundle built exactly as the handlers are (the same aliases): the import-time baseline. */
const baseline = await bundle("_dynamodb-client-only", { contents: clientOnly });
/** The same, with the stock SDK's default credential chain: quality.md's anchor (≈ 103 KB gzip). */
const stockBaseline = await bundle("_dynamodb-client-only-stock", { contents: clientOnly }, { lambda: false });
// Measured before and after the handlers, the runs interleaved, so drift on a shared machine shows and averages out.
const loadBefore = loadavg();
const baselineBefore = importTimeMs(baseline.outfile);
const stockImport = importTimeMs(stockBaseline.outfile);

const measured: {
  route: (typeof routes)[number];
  bytes: number;
  gzip: number;
  outfile: string;
  parts: Record<string, number>;
  importMs: number;
  baselineMs: number;
  cpuRatio: number;
}[] = [];
for (const route of routes) {
  const result = await bundle(route.handler, {
    file: join(repoRoot, "functions/src/handlers/http", `${route.handler}.ts`),
  });
  measured.push({
    route,
    bytes: result.bytes,
    gzip: result.gzip,
    outfile: result.outfile,
    parts: result.parts,
    ...importSideBySideMs(result.outfile, baseline.outfile),
  });
}
const baselineAfter = importTimeMs(baseline.outfile);
const loadAfter = loadavg();

const handlerRows: string[] = [];
for (const { route, bytes, gzip, importMs, baselineMs, cpuRatio } of measured) {
  const ratio = importMs / baselineMs;
  const budget =
    route.data === "read" ? (gzip / 1024 <= READ_ROUTE_BUDGET_KB ? "within" : "**over**") : "(not a read route)";
  const ratioMark = ratio <= IMPORT_RATIO_BUDGET ? "" : " **over**";
  handlerRows.push(
    `| ${route.method} /api${route.path} | ${route.handler} | ${route.data} | ${kb(bytes)} | ${kb(gzip)} | ${budget} | ${importMs.toFixed(1)} ms | ${baselineMs.toFixed(1)} ms | ${ratio.toFixed(2)}×${ratioMark} | ${cpuRatio.toFixed(2)}× | ${(importMs / stockImport).toFixed(2)}× |`,
  );
  console.log(
    `  ${route.handler.padEnd(26)} ${route.data.padEnd(5)} ${kb(gzip).padStart(9)} gzip ${route.data === "read" ? `(read budget ${READ_ROUTE_BUDGET_KB} KB: ${budget})` : ""}  import ${importMs.toFixed(1)} ms (${ratio.toFixed(2)}× client-only, CPU ${cpuRatio.toFixed(2)}×, ${(importMs / stockImport).toFixed(2)}× stock client-only)`,
  );
}
const readRoutes = measured.filter((m) => m.route.data === "read");
const largestRead = readRoutes.reduce((a, b) => (b.gzip > a.gzip ? b : a));
const overRatio = measured.filter((m) => m.importMs / m.baselineMs > IMPORT_RATIO_BUDGET).length;
const smallestRead = readRoutes.reduce((a, b) => (b.bytes < a.bytes ? b : a));
/** What `m`'s bundle holds beyond the client-only bundle, largest part first (minified KB). */
const added = (m: (typeof measured)[number]) =>
  Object.entries(m.parts)
    .map(([part, bytes]) => [part, bytes - (baseline.parts[part] ?? 0)] as const)
    .filter(([, bytes]) => bytes >= 512)
    .sort((a, b) => b[1] - a[1])
    .map(([part, bytes]) => `${part} ${kb(bytes)}`)
    .join(", ");
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");
const [baselineCompile = 0, smallestCompile = 0, largestCompile = 0] = compileMs([
  baseline.outfile,
  smallestRead.outfile,
  largestRead.outfile,
]);
rmSync(outDir, { recursive: true, force: true });
console.log(
  `  baseline: client-only ${kb(baseline.gzip)} gzip, import ${baselineBefore.toFixed(1)} / ${baselineAfter.toFixed(1)} ms (before / after); stock client-only ${kb(stockBaseline.gzip)} gzip, import ${stockImport.toFixed(1)} ms`,
);
console.log(
  `  largest read route: ${largestRead.route.handler} ${kb(largestRead.gzip)} gzip (budget ${READ_ROUTE_BUDGET_KB} KB); import ratio over ${IMPORT_RATIO_BUDGET}×: ${overRatio} of ${measured.length} routes`,
);

const bundleSection = `## Lambda handler bundles

Built as the CDK builds them (esbuild, ESM, minified, node22, with the aliases of functions/src/bundling.ts: the SDK's
default credential chain is replaced by the environment's credentials). Import time: a fresh \`node\` process
importing the bundle, median of ${RUNS}. The baseline is a bundle holding only the DynamoDB client and document client,
built the same way (${kb(baseline.gzip)} gzip), imported alternately with each handler's bundle (the ratio is of the two
medians, so both saw the same machine load; alone it took ${baselineBefore.toFixed(1)} ms before the handlers and
${baselineAfter.toFixed(1)} ms after). The last column compares with the same client built from the stock SDK, measured once,
quality.md's anchor (${kb(stockBaseline.gzip)} gzip, import ${stockImport.toFixed(1)} ms). Budgets: a read route ≤ ${READ_ROUTE_BUDGET_KB} KB
gzip (largest: ${largestRead.route.handler}, **${kb(largestRead.gzip)}**); import ≤ ${IMPORT_RATIO_BUDGET} × the client-only bundle
(${measured.length - overRatio} of ${measured.length} routes within). Load average (1 / 5 / 15 min) ${load(loadBefore)} before,
${load(loadAfter)} after, on 2 cores; the CPU column is the ratio of the medians of the CPU time the two processes spent
on the import, which leaves out waiting for a core.

What a handler's bundle adds to the client-only one (minified): ${kb(smallestRead.bytes - baseline.bytes)} for the smallest read
route, ${smallestRead.route.handler} (${added(smallestRead)}); ${kb(largestRead.bytes - baseline.bytes)} for the largest,
${largestRead.route.handler} (${added(largestRead)}).

Where the import time over the client-only bundle goes: at import a handler's bundle runs only its modules'
declarations. It builds no DynamoDB client (the client-only bundle does), no number format (Intl loads locale data),
no configuration schema (built by the first request's parse) and zod schemas only for the route's own input: the
messages the services answer with live apart from the schemas (shared/src/schemas/messages.ts), and the schema modules
are split (phone number, admin list queries), so a bundle builds only the module of its own input. What is left is the
code itself: V8 compiles the whole file before running any of it, every module's top-level code included, as a bundle
hoists them all into one, so each KB counts whether it runs or not. Compiling alone, without running (median of 21 in
one warm process): ${baselineCompile.toFixed(1)} ms for the client-only bundle, ${smallestCompile.toFixed(1)} ms for ${smallestRead.route.handler}, ${largestCompile.toFixed(1)} ms for
${largestRead.route.handler}. The added code is what every request of the route runs: the JWT check (node:crypto, no library), the
Powertools logger, middy and the HTTP preset, zod for the route's input (the configuration is read without it), the
repositories and the service the route goes through. The routes over the budget are those that take input: they carry
zod (about 22 KB minified) because the web app and the API check input with the same schemas (shared/src/schemas), one
source of every rule and message; the admin lists also carry the sharded fan-out and cursor code. Bringing them within
1.2× means a second, hand-written copy of those checks for the API, or a validator compiled from the schemas at build
time; neither is done, as two copies of each rule could drift apart.

| Route | Handler | Data | Minified | Gzip | Read budget | Import (median) | Client-only, same runs | vs. client-only | CPU time vs. client-only | vs. stock client-only |
|---|---|---|---|---|---|---|---|---|---|---|
${handlerRows.join("\n")}
`;

const reportHeader = (what: string) => `# Benchmarks

Written by \`npm run bench\` ${what} (Node ${process.version}, ${process.platform}/${process.arch}).
Budgets are in the quality targets: a read route's Lambda bundle ≤ ${READ_ROUTE_BUDGET_KB} KB gzip; handler import ≤ ${IMPORT_RATIO_BUDGET} × the
DynamoDB-client-only bundle; web entry ≤ 170 KB gzip; each route chunk ≤ 50 KB gzip.
`;
const today = new Date().toISOString().slice(0, 10);

if (BUNDLES_ONLY) {
  // Only the bundle section is new: the header says so, and the other sections stay as the last full run wrote them.
  const file = join(repoRoot, "docs", "benchmarks.md");
  const previous = readFileSync(file, "utf8");
  const start = previous.indexOf("## Lambda handler bundles");
  const end = previous.indexOf("\n## ", start + 1);
  // The sections before it (written by hand, as the test suite's) stay as they are.
  const firstSection = previous.indexOf("\n## ");
  if (start < 0 || end < 0) throw new Error("docs/benchmarks.md has no Lambda handler bundles section to replace");
  const lastFull = previous.match(/^Written by `npm run bench` on (\d{4}-\d{2}-\d{2})/m)?.[1] ?? "an earlier run";
  writeFileSync(
    file,
    `${reportHeader(`on ${lastFull}; the Lambda bundle section alone (BENCH_ONLY=bundles) on ${today}`)}\n${previous.slice(firstSection + 1, start)}${bundleSection}${previous.slice(end)}`,
  );
  console.log("Wrote the Lambda bundle section of docs/benchmarks.md");
  process.exit(0);
}

buildWeb();
const webReport = webSection();
const lighthouseReport = measureLighthouseApart();
const repeatVisitReport = measureRepeatVisitApart();
const inpReport = measureInpApart();

console.log("Measuring the API on a local stack of its own…");
const api = await benchApi((line) => console.log(line));
const partitionReport = measurePartitionHeat();
const statementsReport = measureStatements();
const roundTripRows = api.roundTrips.map((r) => `| ${r.route} | ${r.roundTrips} | ${r.sdkCalls} |`);
const adminRows = api.adminPages.map(
  (r) =>
    `| ${r.transactions.toLocaleString("en")} | ${r.page} | ${r.medianMs.toFixed(1)} ms | ${r.p95Ms.toFixed(1)} ms | ${r.roundTrips} |`,
);
const smallTable = Math.min(...api.adminPages.map((r) => r.transactions));
const pageRatio = (page: string) => {
  const small = api.adminPages.find((r) => r.page === page && r.transactions === smallTable);
  const large = api.adminPages.find((r) => r.page === page && r.transactions !== smallTable);
  return small && large ? (large.medianMs / small.medianMs).toFixed(2) : "n/a";
};

const report = `${reportHeader(`on ${today}`)}
${bundleSection}
${apiLoadSection(api)}
## DynamoDB round trips per request

Sequential round trips to DynamoDB while serving one request (target ≤ 2), and the SDK calls behind them (calls
made in parallel share a round trip). The caller and the records a request is about are read in one BatchGetItem.

| Request | Round trips | SDK calls |
|---|---|---|
${roundTripRows.join("\n")}

${STK_CALLBACK_HEADING}

A success callback posted to the callback route (as Daraja does) until GET /auth/me shows the credit: ingest,
event bus, settle handler, read. Median **${api.callbackToBalance.medianMs.toFixed(0)} ms**, p95
${api.callbackToBalance.p95Ms.toFixed(0)} ms over ${api.callbackToBalance.samples} deposits (target ≤ 3 s; the
dashboard's poll adds up to one second on top).

${paybillSection(api.paybill)}
## Admin transaction list: page cost as the table grows

GET /admin/transactions, median of 21, with ${smallTable.toLocaleString("en")} (what the load runs wrote, at least 1,000) and then ${Number(process.env.BENCH_LARGE_TABLE ?? 100_000).toLocaleString("en")} transactions in the table
(target: time ratio ≤ 1.5, ≤ 2 round trips). Page 1 ratio **${pageRatio("page 1")}**, type filter
${pageRatio("page 1, type=reward")}, status filter ${pageRatio("page 1, status=pending")}, page 2 by cursor
${pageRatio("page 2 by cursor")}.

| Transactions | Page | Median | p95 | Round trips |
|---|---|---|---|---|
${adminRows.join("\n")}

${partitionReport}
${statementsReport}
${webReport}
${lighthouseReport}
${repeatVisitReport}
${inpReport}
${handKept(BEFORE_AFTER_HEADING)}`;
writeFileSync(join(repoRoot, "docs", "benchmarks.md"), report);
console.log("Wrote docs/benchmarks.md");
