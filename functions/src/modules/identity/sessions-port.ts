import { ADMIN_IDLE_MINUTES } from "@jengafund/shared";

export interface SessionEntry {
  id: string;
  expiresAtEpochSeconds: number;
}

/**
 * An admin session ends after this long without a request (design.md §12.2): its entry in the user's session map
 * holds the end of its idle window, which each request moves on; the token's own expiry is the 8 hours in all.
 */
export const ADMIN_IDLE_SECONDS = ADMIN_IDLE_MINUTES * 60;

/**
 * The idle window is moved on only when it has lost more than this: at most one write a minute per session, so an
 * admin is signed out after 29 to 30 minutes without a request.
 */
export const ADMIN_IDLE_SLIDE_SECONDS = 60;

/** At most this many live sessions per account: a new one beyond it drops the oldest. */
export const MAX_LIVE_SESSIONS = 20;

export interface SessionRepository {
  /**
   * Adds a session to the user's map and, in the same write, removes `drop` (ended or oldest sessions seen on the
   * user's read). `hadMap`: whether that read found a map (an account from before sessions had none).
   */
  addSession(userId: string, entry: SessionEntry, options: { drop: string[]; hadMap: boolean }): Promise<void>;
  /**
   * Moves an admin session's idle end to `end`, if the map still holds `seen` for it (a session ended meanwhile, or
   * moved by a request at the same time, is left as it is). One conditional write; a refused one is no error.
   */
  slideSession(userId: string, sessionId: string, seen: number, end: number): Promise<void>;
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
