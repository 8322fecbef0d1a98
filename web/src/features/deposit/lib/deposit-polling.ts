/**
 * How often a deposit is asked about. The M-Pesa prompt lives about 60 s and most people answer it within 20 s,
 * so the first 20 s are polled every second (the balance shows ≤ 1 s after the callback), then every 3 s until
 * the prompt has surely ended. A callback can still be minutes late, and a lost one is found by the server's
 * reconciliation a few minutes on, so the watch then tells the depositor and keeps asking, quietly, for a while.
 * After that it still asks now and then: while the server says the deposit is pending, the header says so too
 * (design.md §12.7), and whenever it settles the outcome is shown.
 */
export const DEPOSIT_POLLING = {
  fastIntervalMs: 1_000,
  fastPhaseMs: 20_000,
  slowIntervalMs: 3_000,
  /** From when the header's indicator says M-Pesa is still confirming and not to pay again. */
  longWaitNoticeAfterMs: 10_000,
  /** When the depositor is told the payment is still being confirmed. */
  stillWaitingAfterMs: 150_000,
  quietIntervalMs: 15_000,
  /** From here on the watch asks only once a minute, and no toast is shown until the outcome. */
  lingerAfterMs: 600_000,
  lingerIntervalMs: 60_000,
} as const;

/** The delay before the next poll, `elapsedMs` after the prompt went out. */
export function nextPollDelay(elapsedMs: number): number {
  const { fastIntervalMs, fastPhaseMs, slowIntervalMs, stillWaitingAfterMs, quietIntervalMs, lingerAfterMs } =
    DEPOSIT_POLLING;
  if (elapsedMs >= lingerAfterMs) return DEPOSIT_POLLING.lingerIntervalMs;
  const interval =
    elapsedMs < fastPhaseMs ? fastIntervalMs : elapsedMs < stillWaitingAfterMs ? slowIntervalMs : quietIntervalMs;
  return Math.min(interval, lingerAfterMs - elapsedMs);
}
