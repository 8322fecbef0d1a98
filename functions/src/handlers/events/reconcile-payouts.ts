import type { Context } from "aws-lambda";
import { payouts } from "../../modules/money-out/index.js";
import { runScheduledJob } from "../scheduled-job.js";

/** Approved payouts a run asks Daraja about at most. */
export const RECONCILE_BATCH = 50;

/**
 * Scheduled every five minutes: approved payouts without a result a few minutes after their B2C request are asked
 * about with Transaction Status (its answer comes back as a callback), oldest first, in a bounded batch, stopping
 * before the timeout. Payouts waiting 30 minutes are counted for an operator (StuckPayouts).
 */
export async function handler(_event: unknown, context: Context) {
  return runScheduledJob(context, "Payout reconciliation", async ({ part, timeLeftMs }) => {
    const payoutRun = await part("payouts", () => payouts().reconcile({ limit: RECONCILE_BATCH, timeLeftMs }));
    return { summary: { payouts: payoutRun }, counted: [payoutRun], didWork: Boolean(payoutRun?.checked) };
  });
}
