export interface SessionEntry {
  id: string;
  expiresAtEpochSeconds: number;
}

/** At most this many live sessions per account: a new one beyond it drops the oldest. */
export const MAX_LIVE_SESSIONS = 20;

export interface SessionRepository {
  /**
   * Adds a session to the user's map and, in the same write, removes `drop` (ended or oldest sessions seen on the
   * user's read). `hadMap`: whether that read found a map (an account from before sessions had none).
   */
  addSession(userId: string, entry: SessionEntry, options: { drop: string[]; hadMap: boolean }): Promise<void>;
  /** Ends one session (logout). */
  endSession(userId: string, sessionId: string): Promise<void>;
  /** Ends every session of the account (logout-all). */
  endAllSessions(userId: string): Promise<void>;
  /**
   * Notes a browser (the hash of its `X-Device-Id`) as seen on this account now, for `keepSeconds`, in one write.
   * True when it had not been seen within that time before.
   */
  rememberDevice(userId: string, deviceHash: string, now: Date, keepSeconds: number): Promise<boolean>;
  /** Records on the account when a browser new to it last signed in (a signal for the admin deciding a payout). */
  noteNewBrowserSignIn(userId: string, at: Date): Promise<void>;
}
