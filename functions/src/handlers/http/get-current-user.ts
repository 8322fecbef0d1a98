import { httpHandler } from "../../lib/middleware.js";
import { presentUser } from "../../lib/presenters.js";

export const handler = httpHandler("get-current-user", {}, async ({ caller }) => ({
  body: { user: presentUser(caller) },
}));
