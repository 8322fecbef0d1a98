/**
 * Security notices (design.md §12.2): the owner is told by email when something that could be an attacker's doing
 * happens on their account. Sending never fails or delays the action it reports: `send` logs and counts a failure
 * and resolves anyway.
 */

export type SecurityNoticeKind =
  | "withdrawal-requested"
  | "payout-sent"
  | "payout-failed"
  | "password-changed"
  | "two-factor-on"
  | "two-factor-off"
  | "recovery-code-used"
  | "second-factor-locked"
  | "new-browser"
  /** A number became a payout number (design.md §13.2): by SMS to the registered number and email, with a block link. */
  | "payout-number-proven"
  | "payout-number-blocked"
  | "notifications-changed"
  /** An admin verified or rejected the account's identity documents (design.md §13.5). */
  | "identity-verified"
  | "identity-rejected";

export interface SecurityNotice {
  kind: SecurityNoticeKind;
  /** The account told; its email and first name are read (or given in `to`). */
  userId: string;
  /** Given when the caller already holds the account, to spare a read. */
  to?: { email: string; firstName: string };
  /** When it happened. */
  at: Date;
  /** The caller's address, when a request caused it (absent for M-Pesa's results). */
  sourceIp?: string;
  /** Withdrawal and payout notices: the amount and the number paid to. */
  amountCents?: number;
  phoneNumber?: string;
  /** second-factor-locked: until when. */
  lockedUntil?: Date;
  /** new-browser: the browser's User-Agent, shortened. */
  userAgent?: string;
  /** payout-number-proven: when payouts to `phoneNumber` start, and the link that blocks it. */
  usableFrom?: Date;
  blockLink?: string;
  /** identity-rejected: the reason the reviewer gave. */
  reason?: string;
}

export interface SecurityNotices {
  /** Never rejects: a notice that cannot be sent is logged and counted (SecurityNoticesFailed). */
  send(notice: SecurityNotice): Promise<void>;
}

/** A notice to an account the caller already holds: its id, and the address to use, sparing a read. */
export const noticeTo = (user: { id: string; email: string; firstName: string }) => ({
  userId: user.id,
  to: { email: user.email, firstName: user.firstName },
});

/** The web page a new payout number's notice links to (design.md §13.2); it calls GET /auth/payout-numbers/block. */
export const payoutNumberBlockLink = (webOrigin: string, token: string) =>
  `${webOrigin.replace(/\/+$/, "")}/block-payout-number?token=${encodeURIComponent(token)}`;

/** How long a forgot-password link works (design.md §11). */
export const PASSWORD_RESET_VALID_MINUTES = 30;

/**
 * The reset page a reset link leads to (`POST /auth/reset-password` takes its token). The token goes after `#`:
 * browsers never send a fragment, so it reaches no server, and no log, on the way to the page.
 */
export const passwordResetLink = (webOrigin: string, token: string) =>
  `${webOrigin.replace(/\/+$/, "")}/reset-password#token=${token}`;
