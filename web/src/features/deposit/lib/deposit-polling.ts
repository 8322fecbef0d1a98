/**
 * How often a deposit is asked about. The M-Pesa prompt lives about 60 s and most people answer it within 20 s,
 * so the first 20 s are polled every second (the balance shows ≤ 1 s after the callback), then every 3 s until
 * the prompt has surely ended. A callback can still be minutes late, and a lost one is found by the server's
 * reconciliation a few minutes on, so the watch then tells the depositor and keeps asking, quietly, for a while.
 */
export const DEPOSIT_POLLING = {
  fastIntervalMs: 1_000,
  fastPhaseMs: 20_000,
  slowIntervalMs: 3_000,
  /** When the depositor is told the payment is still being confirmed. */
  stillWaitingAfterMs: 150_000,
  quietIntervalMs: 15_000,
  giveUpAfterMs: 600_000,
} as const;

/** The delay before the next poll, or null once the watch should give up. */
export function nextPollDelay(elapsedMs: number): number | null {
  const { fastIntervalMs, fastPhaseMs, slowIntervalMs, stillWaitingAfterMs, quietIntervalMs, giveUpAfterMs } =
    DEPOSIT_POLLING;
  if (elapsedMs >= giveUpAfterMs) return null;
  const interval =
    elapsedMs < fastPhaseMs ? fastIntervalMs : elapsedMs < stillWaitingAfterMs ? slowIntervalMs : quietIntervalMs;
  return Math.min(interval, giveUpAfterMs - elapsedMs);
}
