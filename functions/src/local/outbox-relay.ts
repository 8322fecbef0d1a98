/**
 * The local stand-in for the table's stream feeding send-notifications (DynamoDB Local's stream API has no client
 * here): every `everyMs` it runs the notifications module's sweep over every open outbox event, however new, so an
 * SMS and an email follow a money move within about a second, as they do in AWS. Started with the local stack and
 * by the tests' local servers. Dev and test only.
 */
import type { Notifications } from "../modules/messaging/index.js";

export interface OutboxRelay {
  /** Runs one sweep now (after the running one, if any), resolving when it is done. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a running sweep. */
  stop(): Promise<void>;
}

export function startOutboxRelay(
  notifications: () => Notifications | Promise<Notifications>,
  options: { everyMs?: number; log?: (line: string) => void } = {},
): OutboxRelay {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await (await notifications()).sweep({ olderThanMs: 0, limit: 100 });
      } catch (error) {
        options.log?.(`[outbox-relay] ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return running;
  };
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void sweep().finally(() => {
      busy = false;
    });
  }, options.everyMs ?? 1_000);
  timer.unref();
  return {
    runOnce: sweep,
    async stop() {
      clearInterval(timer);
      stopped = true;
      await running;
    },
  };
}
