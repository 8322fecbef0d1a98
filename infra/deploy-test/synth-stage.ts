/**
 * Synthesizes one stage with real bundles (esbuild, as `npm run synth` does) into the folder given, for the deploy
 * checks: `tsx synth-stage.ts <dev|prod> <outdir>`. A process of its own per stage, so two stages build side by side.
 */
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { PROD_CONTEXT } from "../test/contexts.js";
import { STAGE_FIXTURES } from "./stages.js";

const [stage, outdir] = process.argv.slice(2);
const fixture = STAGE_FIXTURES.find((candidate) => candidate.stage === stage);
if (!fixture || !outdir) {
  console.error(`usage: synth-stage.ts <${STAGE_FIXTURES.map((f) => f.stage).join("|")}> <outdir>`);
  process.exit(2);
}
const { app } = createJengaFundApp({
  outdir,
  context: fixture.stage === "prod" ? PROD_CONTEXT : {},
  siteDirectory: new URL("../test/fixtures/site", import.meta.url).pathname,
});
app.synth();
