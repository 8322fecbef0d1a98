import { createJengaFundApp } from "../lib/jengafund-app.js";

// The CLI sets these from the active credentials. Without credentials they are undefined and the stacks stay
// environment-agnostic, so synth works offline. The CLI synthesizes the App on exit: no explicit app.synth().
createJengaFundApp({
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
