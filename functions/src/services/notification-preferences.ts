import type { StoredNotificationPreferences } from "@jengafund/shared";
import type { NotificationPreferencesRepository } from "../repositories/notification-preferences-port.js";
import type { UserRecord } from "../repositories/ports.js";

/**
 * Account → Notifications (design.md §12.6). The body's schema has already refused unknown kinds and any attempt to
 * turn a security notice off, so what arrives here is only what the account may choose.
 */
export function createNotificationPreferences(deps: { preferences: NotificationPreferencesRepository }) {
  return {
    save(user: UserRecord, changes: StoredNotificationPreferences): Promise<UserRecord> {
      return deps.preferences.save(user.id, changes);
    },
  };
}
