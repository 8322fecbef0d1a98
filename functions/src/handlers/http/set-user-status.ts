import { UserIdPathSchema, UserStatusInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";
import { admin } from "../../modules/admin-controls/index.js";

export const handler = httpHandler(
  "set-user-status",
  { path: UserIdPathSchema, body: UserStatusInputSchema, load: ({ path }) => ({ subjectUserId: path.id }) },
  async ({ body, loaded, caller, sourceIp }) => ({
    body: {
      user: presentUser(
        await admin().setActive({
          subject: loaded.subject,
          isActive: body.isActive,
          actor: { user: caller, ip: sourceIp },
        }),
      ),
    },
  }),
);
