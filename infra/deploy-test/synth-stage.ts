/**
 * Synthesizes every stage the deploy checks read, with real bundles (esbuild, as `npm run synth` does), into
 * <root>/<stage>: `tsx synth-stage.ts <root>`.
 *
 * The stages are built one after another in this one process, through one assembly folder: CDK keeps each function's
 * bundle for the process, keyed by its source, its bundling options and that folder, so the second stage reuses the
 * first's bundles where they are the same and esbuild runs once per function instead of once per function and stage.
 * Where a stage bundled differently, the key differs and CDK bundles it again.
 */
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { PROD_CONTEXT } from "../test/contexts.js";
import { STAGE_FIXTURES } from "./stages.js";

const [root] = process.argv.slice(2);
if (!root) {
  console.error("usage: synth-stage.ts <outdir>  (writes <outdir>/dev and <outdir>/prod)");
  process.exit(2);
}
const assembly = join(root, "assembly");
const siteDirectory = new URL("../test/fixtures/site", import.meta.url).pathname;

for (const [index, { stage }] of STAGE_FIXTURES.entries()) {
  const { app } = createJengaFundApp({
    outdir: assembly,
    context: stage === "prod" ? PROD_CONTEXT : {},
    siteDirectory,
  });
  app.synth();
  const stageDir = join(root, stage);
  if (index === STAGE_FIXTURES.length - 1) {
    renameSync(assembly, stageDir);
    break;
  }
  // The stage's own files (manifest, templates, tree) leave the shared folder so the next stage's cannot mix with
  // them; the asset folders are copied, and stay for the next stage's synth to find.
  mkdirSync(stageDir);
  for (const entry of readdirSync(assembly)) {
    if (entry.startsWith("asset.")) cpSync(join(assembly, entry), join(stageDir, entry), { recursive: true });
    else renameSync(join(assembly, entry), join(stageDir, entry));
  }
}
rmSync(assembly, { recursive: true, force: true });
