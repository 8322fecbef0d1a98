import * as z from "zod/mini";
import {
  CHANNEL_KINDS,
  isLockedNotification,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  type StoredNotificationPreferences,
} from "../notifications.js";
import { CurrentPasswordSchema } from "./current-password.js";

const choices = z.record(
  z.string(),
  z.boolean("Each preference must be true or false"),
  NOTIFICATION_MESSAGES.unknownKind,
);

/**
 * PUT /auth/me/notifications (design.md §12.6, §13.2): `{ sms?: { <kind>: boolean }, email?: { … }, password }`, only
 * the kinds to change, and the account's password (a stolen session alone must not silence the owner's alerts). A
 * kind the channel does not carry → 400; turning a security notice off → 400 (turning it on is harmless).
 */
export const NotificationPreferencesInputSchema = z
  .strictObject(
    { sms: z.optional(choices), email: z.optional(choices), password: CurrentPasswordSchema },
    { error: NOTIFICATION_MESSAGES.unknownKind },
  )
  .check(
    z.refine(
      (input) =>
        NOTIFICATION_CHANNELS.every((channel) =>
          Object.keys(input[channel] ?? {}).every((kind) => CHANNEL_KINDS[channel].includes(kind as NotificationKind)),
        ),
      NOTIFICATION_MESSAGES.unknownKind,
    ),
    z.refine(
      (input) =>
        NOTIFICATION_CHANNELS.every((channel) =>
          Object.entries(input[channel] ?? {}).every(
            ([kind, on]) => on || !isLockedNotification(kind as NotificationKind),
          ),
        ),
      NOTIFICATION_MESSAGES.locked,
    ),
    z.refine(
      (input) => NOTIFICATION_CHANNELS.some((channel) => Object.keys(input[channel] ?? {}).length > 0),
      NOTIFICATION_MESSAGES.empty,
    ),
  );
export type NotificationPreferencesInput = StoredNotificationPreferences & { password: string };
