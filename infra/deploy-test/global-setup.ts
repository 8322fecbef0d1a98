import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { repoPaths } from "../lib/paths.js";
import { STAGE_FIXTURES, type SynthStage } from "./stages.js";

/**
 * The deploy checks read what `cdk deploy` would upload: the dev and prod stages synthesized once, with the functions
 * really bundled (the template tests skip bundling), each stage in a process of its own so both build at once.
 */
let root: string | undefined;

export async function setup(project: TestProject) {
  // To iterate on one check without waiting for the synth, point DEPLOY_TEST_SYNTH_DIR at an earlier run's folders
  // (<dir>/dev and <dir>/prod, from deploy-test/synth-stage.ts). npm test never sets it.
  const reused = process.env.DEPLOY_TEST_SYNTH_DIR;
  if (reused) {
    project.provide("synthDirs", { dev: join(reused, "dev"), prod: join(reused, "prod") });
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
  await Promise.all(STAGE_FIXTURES.map(({ stage }) => synth(stage, dirs[stage])));
  project.provide("synthDirs", dirs);
}

export function teardown() {
  if (root) rmSync(root, { recursive: true, force: true });
}

function synth(stage: SynthStage, outdir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "synth-stage.ts"), stage, outdir],
      { cwd: join(repoPaths.root, "infra"), stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Synthesizing ${stage} failed (exit ${code}):\n${stderr}`)),
    );
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Each synthesized stage's cloud assembly folder (templates, manifest and asset folders). */
    synthDirs: Record<SynthStage, string>;
  }
}
