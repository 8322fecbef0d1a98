import { deposits, payouts } from "../../app.js";
import { log } from "../../lib/log.js";

/**
 * Scheduled: deposits still pending after a few minutes are asked about with the STK query (a lost callback is
 * found this way); approved payouts without a result are asked about with Transaction Status.
 */
export async function handler() {
  const summary = { deposits: await deposits().reconcile(), payouts: await payouts().reconcile() };
  log("info", "Payment reconciliation finished", summary);
  return summary;
}
