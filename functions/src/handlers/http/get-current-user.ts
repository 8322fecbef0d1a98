import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";

export const handler = httpHandler("get-current-user", {}, async ({ caller }) => ({
  body: { user: presentUser(caller) },
}));
