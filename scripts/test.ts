/**
 * `npm test`: lints and type-checks (`npm run lint`), then runs every suite (unit, DynamoDB Local integration, infra
 * template, deploy checks, web, browser) in one vitest run, and ends with the plain total `N passed, N failed`.
 * The browser tests need Debian's Chromium: it is installed when missing and possible, never silently skipped.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
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
const reportFile = join(artifacts, "vitest.json");
const extraArgs = process.argv.slice(2);
const status = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${reportFile}`,
  ...extraArgs,
]);

let summary = `0 passed, ${status === 0 ? 0 : 1} failed`;
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as { numPassedTests: number; numFailedTests: number };
  summary = `${report.numPassedTests} passed, ${report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0)} failed`;
}
console.log(`\n${summary}`);
process.exit(status);
