import type { Context } from "aws-lambda";
import { deposits, payouts } from "../../app.js";
import { systemClock } from "../../lib/clock.js";
import { observeInvocation } from "../../lib/invocation.js";
import { log } from "../../lib/log.js";
import { createDynamoStatsRepository } from "../../repositories/dynamo/stats-repository.js";

/**
 * Scheduled: deposits still pending after a few minutes are asked about with the STK query (a lost callback is
 * found this way); approved payouts without a result are asked about with Transaction Status. It also keeps the
 * active-investments statistic current by retiring investments whose maturity day has passed.
 */
export async function handler(_event: unknown, context: Context) {
  return observeInvocation(context, { correlation_id: context.awsRequestId }, async () => {
    const yesterday = new Date(systemClock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const summary = {
      deposits: await deposits().reconcile(),
      payouts: await payouts().reconcile(),
      maturedInvestmentsRetired: await createDynamoStatsRepository().retireMatured(yesterday),
    };
    // Quiet when there was nothing to do: it runs every few minutes.
    if (summary.deposits.checked || summary.payouts.checked || summary.maturedInvestmentsRetired) {
      log("info", "Payment reconciliation finished", summary);
    }
    return summary;
  });
}
