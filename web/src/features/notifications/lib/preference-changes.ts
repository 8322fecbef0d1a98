import {
  CHANNEL_KINDS,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from "@jengafund/shared";

/** Whether the channel carries the kind: the monthly statement is a PDF by email, never an SMS. */
export const carries = (channel: NotificationChannel, kind: NotificationKind): boolean =>
  CHANNEL_KINDS[channel].includes(kind);

/** The PUT body: only the switches that differ from what the server said, by channel; undefined when none do. */
export function preferenceChanges(
  saved: NotificationPreferences,
  draft: NotificationPreferences,
): NotificationPreferencesInput | undefined {
  const changes: NotificationPreferencesInput = {};
  for (const channel of NOTIFICATION_CHANNELS) {
    for (const kind of CHANNEL_KINDS[channel]) {
      const on = draft[channel][kind];
      if (on === undefined || on === (saved[channel][kind] ?? true)) continue;
      changes[channel] = { ...changes[channel], [kind]: on };
    }
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
