/**
 * What the account is told about, and on which channel (design.md §12.6, issue 23). Money moves and security notices
 * go by SMS and email; the monthly statement by email only. A user may turn a kind off per channel, except the
 * locked kinds: the security notices, which include a withdrawal being requested (the owner must learn of it even
 * when the password was stolen).
 */

export const NOTIFICATION_CHANNELS = ["sms", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Every kind, in the order Account → Notifications lists them. */
export const NOTIFICATION_KINDS = [
  "depositCredited",
  "balanceAdjusted",
  "withdrawalRequested",
  "payoutSent",
  "payoutFailed",
  "withdrawalRejected",
  "capitalReturned",
  "monthlyStatement",
  "security",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds each channel carries: the monthly statement is a PDF attachment, so email only. */
export const CHANNEL_KINDS: Record<NotificationChannel, readonly NotificationKind[]> = {
  sms: NOTIFICATION_KINDS.filter((kind) => kind !== "monthlyStatement"),
  email: NOTIFICATION_KINDS,
};

/**
 * Always sent, on every channel that carries them; turning one off is refused (400). An admin's credit or debit of
 * the wallet is among them: the owner is the third pair of eyes on admin money (design.md §13.6).
 */
export const LOCKED_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  "balanceAdjusted",
  "withdrawalRequested",
  "security",
];

export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  depositCredited: "Deposit credited",
  balanceAdjusted: "Balance changed by an admin",
  withdrawalRequested: "Withdrawal requested",
  payoutSent: "Payout sent",
  payoutFailed: "Payout failed",
  withdrawalRejected: "Withdrawal rejected",
  capitalReturned: "Capital returned",
  monthlyStatement: "Monthly statement",
  security: "Security notices",
};

/** The resolved preferences, as GET /auth/me carries them: `true` = sent. */
export type NotificationPreferences = {
  [C in NotificationChannel]: Partial<Record<NotificationKind, boolean>>;
};

/** What the account stored: only the kinds it turned off or on again; anything absent is on. */
export type StoredNotificationPreferences = Partial<
  Record<NotificationChannel, Partial<Record<NotificationKind, boolean>>>
>;

export const isLockedNotification = (kind: NotificationKind): boolean => LOCKED_NOTIFICATION_KINDS.includes(kind);

/** Every kind a channel carries, on unless the account turned it off; locked kinds always on. */
export function resolveNotificationPreferences(stored?: StoredNotificationPreferences): NotificationPreferences {
  const resolved = { sms: {}, email: {} } as NotificationPreferences;
  for (const channel of NOTIFICATION_CHANNELS) {
    for (const kind of CHANNEL_KINDS[channel]) {
      resolved[channel][kind] = isLockedNotification(kind) || stored?.[channel]?.[kind] !== false;
    }
  }
  return resolved;
}

/** Whether a notice of this kind goes to the account on this channel. */
export function wantsNotification(
  stored: StoredNotificationPreferences | undefined,
  channel: NotificationChannel,
  kind: NotificationKind,
): boolean {
  return resolveNotificationPreferences(stored)[channel][kind] === true;
}

export const NOTIFICATION_MESSAGES = {
  updated: "Notification preferences saved",
  locked: "Security notices cannot be turned off",
  unknownKind: "Unknown notification kind",
  empty: "Choose at least one preference to change",
} as const;
