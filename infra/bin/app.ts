import { createJengaFundApp } from "../lib/jengafund-app.js";

// The CLI sets these from the active credentials. Without credentials the account stays unresolved and the region
// falls back to af-south-1 (or `-c region=`), so synth works offline. The CLI synthesizes the App on exit: no
// explicit app.synth().
createJengaFundApp({ account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
