import type { Context } from "aws-lambda";
import { paybillReconciliation } from "../../modules/money-in/index.js";
import { runScheduledJob } from "../scheduled-job.js";

/**
 * Scheduled on the quarter hour (design.md §12.3): pulls the last hour of Paybill payments from Pull Transactions and
 * settles those no confirmation settled, so three runs can be missed before a payment leaves the window. With each
 * pull that could read M-Pesa's record, every Paybill credit of the last day is checked against it (ReceiptMismatch,
 * alarmed; design.md §13.3). Invoked by hand, it pulls at once.
 */
export async function handler(_event: unknown, context: Context) {
  return runScheduledJob(context, "Paybill pull", async ({ part, timeLeftMs }) => {
    const paybillRun = await part("Paybill payments", () => paybillReconciliation().pull({ timeLeftMs }));
    // The same record: when Pull Transactions is down, one failure is counted, not two.
    const paybillCreditCheck = paybillRun
      ? await part("Paybill credits against M-Pesa's record", () =>
          paybillReconciliation().checkCredits({ timeLeftMs }),
        )
      : undefined;
    return {
      summary: {
        paybill: paybillRun,
        ...(paybillCreditCheck !== undefined ? { paybillCredits: paybillCreditCheck } : {}),
      },
      // The credit check's mismatches are reported by their own metric, not as errors of the run.
      counted: [paybillRun, paybillCreditCheck && { stoppedEarly: paybillCreditCheck.stoppedEarly }],
      didWork: Boolean(paybillRun?.credited || paybillRun?.unmatched),
    };
  });
}
