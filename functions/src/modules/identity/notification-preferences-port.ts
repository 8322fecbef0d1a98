/**
 * Where an account's notification preferences are kept (design.md §12.6): on the user's own item, as the kinds it
 * turned off (or on again) per channel. Apart from the other ports: only Account → Notifications writes them.
 */
import type { StoredNotificationPreferences } from "@jengafund/shared";
import type { UserRecord } from "../../kernel/records.js";

export interface NotificationPreferencesRepository {
  /**
   * Records the given choices over what was kept, leaving every other kind as it was, with when they changed and the
   * owner's notice of it (design.md §13.2) in the same write; the user as now stored.
   */
  save(
    userId: string,
    changes: StoredNotificationPreferences,
    change: { at: string; noticeId: string; sourceIp: string },
  ): Promise<UserRecord>;
}
