import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { repoPaths } from "../lib/paths.js";
import { STAGE_FIXTURES, type SynthStage } from "./stages.js";
import { SYNTH_STATUS_FILE, type SynthStatus } from "./synth-status.js";

/**
 * The deploy checks read what `cdk deploy` would upload: the dev and prod stages synthesized once, with the functions
 * really bundled (the template tests skip bundling), in one process so the stages share their bundles
 * (synth-stage.ts).
 *
 * The synth is started here and not waited for: vitest runs every project's global setup before any test, and the
 * synth is a minute or two of one core's work that the other projects' tests can run beside. Raised above them, it ends
 * early; the deploy files run among theirs, each waiting for the synth first (await-synth.ts).
 */
let root: string | undefined;
let child: ChildProcess | undefined;

export function setup(project: TestProject) {
  // To iterate on one check without waiting for the synth, point DEPLOY_TEST_SYNTH_DIR at an earlier run's folder
  // (its dev and prod folders, from deploy-test/synth-stage.ts). npm test never sets it.
  const reused = process.env.DEPLOY_TEST_SYNTH_DIR;
  if (reused) {
    writeStatus(reused, { ok: true });
    project.provide("synthDirs", { dev: join(reused, "dev"), prod: join(reused, "prod") });
    project.provide("synthRoot", reused);
    return;
  }
  // A folder of this run's own: another run beside it (a second checkout's, a bench's) must not delete its assets.
  const artifacts = join(repoPaths.root, ".test-artifacts");
  mkdirSync(artifacts, { recursive: true });
  const runDir = mkdtempSync(join(artifacts, "synth-"));
  root = runDir;
  const dirs = Object.fromEntries(STAGE_FIXTURES.map(({ stage }) => [stage, join(runDir, stage)])) as Record<
    SynthStage,
    string
  >;
  child = synth(runDir);
  project.provide("synthDirs", dirs);
  project.provide("synthRoot", runDir);
}

export async function teardown() {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  if (root) rmSync(root, { recursive: true, force: true });
}

/** The synth's scheduling priority (nice value: lower runs first; -10 is about nine times a default process's share). */
const SYNTH_PRIORITY = -10;

function synth(runDir: string): ChildProcess {
  const started = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "synth-stage.ts"), runDir], {
    cwd: join(repoPaths.root, "infra"),
    stdio: ["ignore", "ignore", "pipe"],
  });
  // On a machine the tests keep busy, an equal share would end the synth last, with the deploy files waiting on it
  // alone: a higher priority (where the user may raise it; its esbuild runs inherit it) ends it among the first.
  try {
    if (started.pid !== undefined) setPriority(started.pid, SYNTH_PRIORITY);
  } catch {
    // Not allowed to raise it: it runs at the same priority as the rest, only later done.
  }
  let stderr = "";
  started.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  started.on("error", (error) => writeStatus(runDir, { ok: false, error: `Synthesizing failed to start: ${error}` }));
  started.on("exit", (code, signal) =>
    writeStatus(
      runDir,
      code === 0 ? { ok: true } : { ok: false, error: `Synthesizing failed (exit ${code ?? signal}):\n${stderr}` },
    ),
  );
  return started;
}

/** Written aside and renamed into place, so that a deploy file never reads half of it. */
function writeStatus(dir: string, status: SynthStatus) {
  const file = join(dir, SYNTH_STATUS_FILE);
  writeFileSync(`${file}.partial`, JSON.stringify(status));
  renameSync(`${file}.partial`, file);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Each synthesized stage's cloud assembly folder (templates, manifest and asset folders). */
    synthDirs: Record<SynthStage, string>;
    /** The folder holding them, where the synth's outcome is written when it ends (synth-status.ts). */
    synthRoot: string;
  }
}
