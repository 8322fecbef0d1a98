/**
 * `npm run smoke -- --url <api base> [--with-payments] [--phone 2547XXXXXXXX] [--deposit-timeout 90]`: a short
 * end-to-end check of a running JengaFund API, local (`npm start`: http://localhost:3000/api, the default) or
 * deployed (the site's address + /api). Exits non-zero on the first failed step.
 */
import { parseArgs } from "node:util";
import { runSmoke } from "./smoke-check.js";

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: process.env.SMOKE_URL ?? "http://localhost:3000/api" },
      "with-payments": { type: "boolean", default: false },
      phone: { type: "string", default: "254708374149" },
      "deposit-timeout": { type: "string", default: "90" },
    },
  });
  const url = values.url.replace(/\/+$/, "");
  console.log(`Smoke test of ${url}`);
  try {
    const steps = await runSmoke({
      url,
      withPayments: values["with-payments"],
      phone: values.phone,
      depositTimeoutMs: Number(values["deposit-timeout"]) * 1000,
      log: (line) => console.log(line),
    });
    console.log(`Smoke test passed: ${steps.length} steps.`);
  } catch (error) {
    console.error(`FAILED ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
await main();
