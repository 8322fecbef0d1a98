import {
  CHANNEL_KINDS,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type StoredNotificationPreferences,
} from "@jengafund/shared";

/** Whether the channel carries the kind: the monthly statement is a PDF by email, never an SMS. */
export const carries = (channel: NotificationChannel, kind: NotificationKind): boolean =>
  CHANNEL_KINDS[channel].includes(kind);

/**
 * The switches of the PUT body: only those that differ from what the server said, by channel; undefined when none do.
 * (The body adds the password.)
 */
export function preferenceChanges(
  saved: NotificationPreferences,
  draft: NotificationPreferences,
): StoredNotificationPreferences | undefined {
  const changes: StoredNotificationPreferences = {};
  for (const channel of NOTIFICATION_CHANNELS) {
    for (const kind of CHANNEL_KINDS[channel]) {
      const on = draft[channel][kind];
      if (on === undefined || on === (saved[channel][kind] ?? true)) continue;
      changes[channel] = { ...changes[channel], [kind]: on };
    }
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
