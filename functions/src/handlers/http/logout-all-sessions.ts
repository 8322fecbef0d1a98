import { httpHandler } from "../../http/middleware.js";
import { sessions } from "../../modules/identity/index.js";

/** Ends every session of the caller's account, on every device, the caller's own included (design.md §12.2). */
export const handler = httpHandler("logout-all-sessions", {}, async ({ caller }) => {
  await sessions().logoutAll(caller);
  return { statusCode: 204 };
});
