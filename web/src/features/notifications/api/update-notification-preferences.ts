import type { NotificationPreferencesInput, User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

/** PUT /auth/me/notifications (design.md §12.6): only the kinds that change; answers the user with the new choices. */
export function updateNotificationPreferences(
  changes: NotificationPreferencesInput,
): Promise<{ message: string; user: User }> {
  return apiRequest("PUT", "/auth/me/notifications", { body: changes });
}
