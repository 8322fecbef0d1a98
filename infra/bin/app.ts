import { createJengaFundApp } from "../lib/jengafund-app.js";

// The account: `-c account=` (or the stage's block in cdk.json), else the one the CLI's credentials belong to; without
// credentials it stays unresolved, so synth works offline. The region is deliberately not the CLI's (which is
// us-east-1 when nothing is configured): it is `-c region=`, else af-south-1, so no one's shell settings move a stage.
// The CLI synthesizes the App on exit: no explicit app.synth().
createJengaFundApp({ account: process.env.CDK_DEFAULT_ACCOUNT });
