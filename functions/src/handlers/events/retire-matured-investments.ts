import type { Context } from "aws-lambda";
import { maturities } from "../../modules/investing/index.js";
import { runScheduledJob } from "../scheduled-job.js";

/**
 * Scheduled every five minutes (design.md §13.6): every investment whose maturity day (Nairobi) has come gets its
 * capital back in the balance it was bought from, once, with its ledger line, the statistics and the owner's alert,
 * and leaves the active investments. Soon after a Nairobi midnight, that day's maturities.
 */
export async function handler(_event: unknown, context: Context) {
  return runScheduledJob(context, "Capital at maturity", async ({ part, timeLeftMs }) => {
    const maturityRun = await part("matured investments", () => maturities().returnMaturedCapital({ timeLeftMs }));
    return {
      summary: { maturities: maturityRun },
      counted: [maturityRun],
      didWork: Boolean(maturityRun?.due),
    };
  });
}
