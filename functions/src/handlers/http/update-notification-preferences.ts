import { NOTIFICATION_MESSAGES, NotificationPreferencesInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";
import { notificationPreferences } from "../../modules/identity/index.js";

export const handler = httpHandler(
  "update-notification-preferences",
  { body: NotificationPreferencesInputSchema },
  async ({ body, caller, sourceIp }) => {
    const user = await notificationPreferences().save(caller, body, sourceIp);
    return { body: { message: NOTIFICATION_MESSAGES.updated, user: presentUser(user) } };
  },
);
