import type { Context } from "aws-lambda";
import { paybillDeposits, paybillReconciliation } from "../../modules/money-in/index.js";
import { runScheduledJob } from "../scheduled-job.js";

/**
 * Scheduled every five minutes (design.md §12.3, §13.3): the Paybill payments above KES 10,000 held until M-Pesa's
 * record shows them (normally a minute) are confirmed or refused from that record, and the unmatched payments older
 * than a day are counted for an admin (UnmatchedPaymentsStale, alarmed).
 */
export async function handler(_event: unknown, context: Context) {
  return runScheduledJob(context, "Waiting Paybill payments check", async ({ part, timeLeftMs }) => {
    const heldPaybillRun = await part("held Paybill payments", () => paybillDeposits().confirmHeld({ timeLeftMs }));
    const unmatchedPaymentsStale = await part("stale unmatched payments", () =>
      paybillReconciliation().countStaleUnmatched(),
    );
    return {
      summary: { heldPaybill: heldPaybillRun, unmatchedPaymentsStale },
      counted: [heldPaybillRun],
      didWork: Boolean(heldPaybillRun?.confirmed || heldPaybillRun?.refused),
    };
  });
}
