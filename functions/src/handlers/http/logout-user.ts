import { httpHandler } from "../../http/middleware.js";
import { sessions } from "../../modules/identity/index.js";

/** Ends the caller's session on the server: its token is refused from now on (design.md §12.2). */
export const handler = httpHandler("logout-user", {}, async ({ caller, session }) => {
  await sessions().logout(caller, session.id);
  return { statusCode: 204 };
});
