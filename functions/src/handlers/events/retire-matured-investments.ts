import type { Context } from "aws-lambda";
import { systemClock } from "../../kernel/clock.js";
import { stats } from "../../modules/admin-controls/index.js";
import { runScheduledJob } from "../scheduled-job.js";

/**
 * Scheduled every five minutes: keeps the active-investments statistic current by retiring the investments whose
 * maturity day has passed (through yesterday, UTC), soon after midnight.
 */
export async function handler(_event: unknown, context: Context) {
  return runScheduledJob(context, "Matured investments retirement", async ({ part }) => {
    const yesterday = new Date(systemClock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const maturedInvestmentsRetired = await part("matured investments", () => stats().retireMatured(yesterday));
    return { summary: { maturedInvestmentsRetired }, counted: [], didWork: Boolean(maturedInvestmentsRetired) };
  });
}
