import type { Context } from "aws-lambda";
import { notifications, SWEEP_AFTER_MS } from "../../modules/messaging/index.js";
import { runScheduledJob } from "../scheduled-job.js";

/** Open outbox events a run sends at most. */
export const NOTIFICATION_BATCH = 100;

/**
 * Scheduled every five minutes (issue 23): outbox events still open a minute after they were written (the stream's
 * delivery failed, a channel waits to be tried again, or a sender's claim ran out) are sent by the same module the
 * stream feeds, and the events open for more than 15 minutes are counted (OutboxStuck, alarmed).
 */
export async function handler(_event: unknown, context: Context) {
  return runScheduledJob(context, "Outbox sweep", async ({ part, timeLeftMs }) => {
    const notificationRun = await part("notifications", () =>
      notifications().sweep({ olderThanMs: SWEEP_AFTER_MS, limit: NOTIFICATION_BATCH, timeLeftMs, countStuck: true }),
    );
    return {
      summary: { notifications: notificationRun },
      counted: [notificationRun],
      didWork: Boolean(notificationRun?.processed),
    };
  });
}
