import type { DepositStatusView, User } from "@jengafund/shared";

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

export interface DepositSnapshot {
  deposit: DepositStatusView;
  user: User;
}

export type DepositOutcome =
  | { status: "completed"; deposit: DepositStatusView; user: User }
  | { status: "failed" | "cancelled"; deposit: DepositStatusView }
  /** The watch gave up without an answer; the server still settles the deposit whenever M-Pesa answers. */
  | { status: "unconfirmed" };

interface WatchDepositOptions {
  checkoutRequestId: string;
  fetchStatus(checkoutRequestId: string): Promise<DepositSnapshot>;
  /** Called once when M-Pesa has not answered within the prompt's lifetime; the watch goes on. */
  onStillWaiting(): void;
  /** Called once, unless the watch is stopped first. */
  onSettled(outcome: DepositOutcome): void;
}

/** Polls one deposit until M-Pesa's answer is in or the watch gives up. Returns a function that stops it. */
export function watchDeposit({
  checkoutRequestId,
  fetchStatus,
  onStillWaiting,
  onSettled,
}: WatchDepositOptions): () => void {
  const startedAt = Date.now();
  let stopped = false;
  let toldStillWaiting = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function settle(outcome: DepositOutcome) {
    if (stopped) return;
    stopped = true;
    onSettled(outcome);
  }

  function scheduleNext() {
    if (stopped) return;
    const elapsed = Date.now() - startedAt;
    if (elapsed >= DEPOSIT_POLLING.stillWaitingAfterMs && !toldStillWaiting) {
      toldStillWaiting = true;
      onStillWaiting();
    }
    const delay = nextPollDelay(elapsed);
    if (delay === null) settle({ status: "unconfirmed" });
    else timer = setTimeout(poll, delay);
  }

  async function poll() {
    let snapshot: DepositSnapshot;
    try {
      snapshot = await fetchStatus(checkoutRequestId);
    } catch {
      // A dropped request on mobile data says nothing about the payment: keep asking until the deadline.
      scheduleNext();
      return;
    }
    if (stopped) return;
    const { deposit } = snapshot;
    if (deposit.status === "pending") {
      scheduleNext();
      return;
    }
    if (deposit.status !== "completed") {
      settle({ status: deposit.status, deposit });
      return;
    }
    // The server reads the deposit and its owner in one isolated read, so this user already holds the credit.
    settle({ status: "completed", deposit, user: snapshot.user });
  }

  scheduleNext();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
