/**
 * `npm test`: lints and type-checks (`npm run lint`), then runs every suite (unit, DynamoDB Local integration, infra
 * template, deploy checks, web, browser) in two vitest lanes side by side, and ends with the plain total
 * `N passed, N failed`.
 * The browser tests need Debian's Chromium: it is installed when missing and possible, never silently skipped.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./local-stack.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const env = {
  ...process.env,
  NO_COLOR: "1",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
};

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: repoRoot, env, stdio: "inherit" });
  return result.status ?? 1;
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `\nThe browser tests need Chromium at ${CHROMIUM}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium)` +
        " or point CHROMIUM_PATH at a Chromium binary, then run npm test again.\n",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
  if (run("apt-get", ["update"]) !== 0 || run("apt-get", ["install", "-y", "chromium"]) !== 0) {
    console.error("\nInstalling Chromium failed; the browser tests cannot run. See the apt-get output above.\n");
    process.exit(1);
  }
}

/**
 * Published advisories for the production dependencies, where the registry answers `npm audit`. One that refuses the
 * query (some mirrors answer 405) cannot say, and that is reported, not passed off as clean.
 */
function checkAdvisories(): boolean {
  const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { cwd: repoRoot, env, encoding: "utf8" });
  let report: { metadata?: { vulnerabilities?: Record<string, number> }; message?: string } = {};
  try {
    report = JSON.parse(audit.stdout);
  } catch {
    // No JSON at all: reported below as an unanswered query.
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    console.warn(
      `\nAdvisories not checked: the registry did not answer npm audit (${report.message ?? `exit ${audit.status}`}).` +
        " Check from a network that reaches the npm registry's audit endpoint: npm audit --omit=dev\n",
    );
    return true;
  }
  const found = Object.entries(counts).filter(([level, count]) => level !== "total" && count > 0);
  if (found.length === 0) return true;
  run("npm", ["audit", "--omit=dev"]);
  return false;
}

if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(
    `\nnpm test runs on Node.js 22, as Lambda does; this is ${process.version}. Run it through npm (npm test puts the` +
      " project's own Node.js 22 first on the PATH), or install Node.js 22.\n0 passed, 1 failed",
  );
  process.exit(1);
}

ensureChromium();

// The README's `npm run lint`: Biome's formatter and linter, then the type check.
if (run("npm", ["run", "lint"]) !== 0) {
  console.error("\nLint or type check failed (npx biome check --write . fixes formatting).\n0 passed, 1 failed");
  process.exit(1);
}
if (!checkAdvisories()) {
  console.error("\nA production dependency has a published advisory (above).\n0 passed, 1 failed");
  process.exit(1);
}

const artifacts = join(repoRoot, ".test-artifacts");
mkdirSync(artifacts, { recursive: true });
const extraArgs = process.argv.slice(2);

/**
 * The browser tests run one file at a time against one local stack, and mostly wait on the browser; everything else
 * runs in parallel workers. Vitest runs a one-file-at-a-time project only after all the others, so the two lanes are
 * two vitest processes started together: the browser lane's waiting overlaps the other lane's work. Arguments (a
 * project, a file) make it one run of exactly what was asked for.
 */
const BROWSER_PROJECT = "e2e";
const lanes: { name: string; args: string[] }[] =
  extraArgs.length > 0
    ? [{ name: "vitest", args: extraArgs }]
    : [
        { name: "browser", args: ["--project", BROWSER_PROJECT] },
        { name: "others", args: [`--project=!${BROWSER_PROJECT}`] },
      ];

function runLane(lane: { name: string; args: string[] }): Promise<{ status: number; reportFile: string }> {
  const reportFile = join(artifacts, `vitest-${lane.name}.json`);
  rmSync(reportFile, { force: true });
  return new Promise((resolve) => {
    const child = spawn(
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, ...lane.args],
      { cwd: repoRoot, env, stdio: "inherit" },
    );
    child.on("error", () => resolve({ status: 1, reportFile }));
    child.on("exit", (code) => resolve({ status: code ?? 1, reportFile }));
  });
}

const results = await Promise.all(lanes.map(runLane));
let passed = 0;
let failed = 0;
for (const { status, reportFile } of results) {
  const report = existsSync(reportFile)
    ? (JSON.parse(readFileSync(reportFile, "utf8")) as { numPassedTests: number; numFailedTests: number })
    : undefined;
  passed += report?.numPassedTests ?? 0;
  // A lane that failed without a failed test (a setup that threw, no report at all) still counts as a failure.
  failed += (report?.numFailedTests ?? 0) + (status !== 0 && !report?.numFailedTests ? 1 : 0);
}
const status = results.some((result) => result.status !== 0) ? 1 : 0;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status);
