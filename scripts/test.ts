/**
 * `npm test`: type-checks, then runs every suite (unit, DynamoDB Local integration, infra template, web,
 * browser) in one vitest run, and ends with the plain total `N passed, N failed`.
 * The browser tests need Debian's Chromium: it is installed when missing and possible, never silently skipped.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./local-stack.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const polyfills = join(repoRoot, "scripts", "node20-polyfills.mjs");
const env = {
  ...process.env,
  NO_COLOR: "1",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${polyfills}`.trim(),
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

ensureChromium();

if (run("npx", ["tsc", "--noEmit", "-p", "."]) !== 0) {
  console.error("\nType check failed.\n0 passed, 1 failed");
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
