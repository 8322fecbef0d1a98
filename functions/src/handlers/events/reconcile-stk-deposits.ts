import type { Context } from "aws-lambda";
import { deposits } from "../../modules/money-in/index.js";
import { runScheduledJob } from "../scheduled-job.js";

/** Pending deposits a run asks Daraja about at most. */
export const RECONCILE_BATCH = 50;
/** Pending deposits older than this are no longer asked about, but counted for an operator (StaleDeposits). */
export const MAX_DEPOSIT_AGE_MS = 24 * 3_600_000;

/**
 * Scheduled every five minutes: STK deposits still pending a few minutes after their prompt are asked about with the
 * STK query, oldest first, in a bounded batch, stopping before the timeout. A lost callback is found this way.
 */
export async function handler(_event: unknown, context: Context) {
  return runScheduledJob(context, "STK deposit reconciliation", async ({ part, timeLeftMs }) => {
    const depositRun = await part("deposits", () =>
      deposits().reconcile({ limit: RECONCILE_BATCH, maxAgeMs: MAX_DEPOSIT_AGE_MS, timeLeftMs }),
    );
    return { summary: { deposits: depositRun }, counted: [depositRun], didWork: Boolean(depositRun?.checked) };
  });
}
