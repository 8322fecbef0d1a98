import type { NotificationPreferencesInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/**
 * PUT /auth/me/notifications (design.md §12.6, §13.2): only the kinds that change, and the password; answers the user
 * with the new choices.
 */
export function updateNotificationPreferences(body: NotificationPreferencesInput) {
  return apiCall("update-notification-preferences", { body });
}
