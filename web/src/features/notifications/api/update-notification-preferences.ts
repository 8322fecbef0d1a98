import type { NotificationPreferencesInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** PUT /auth/me/notifications (design.md §12.6): only the kinds that change; answers the user with the new choices. */
export function updateNotificationPreferences(changes: NotificationPreferencesInput) {
  return apiCall("update-notification-preferences", { body: changes });
}
