// The one handler without a service: it imports the composition root only for what the preset needs from it.
import "../../app.js";
import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";

export const handler = httpHandler("get-current-user", {}, async ({ caller }) => ({
  body: { user: presentUser(caller) },
}));
