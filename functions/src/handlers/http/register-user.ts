import { RegisterInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";
import { refuseCommonPassword, registeredBrowsers, registrations } from "../../modules/identity/index.js";

export const handler = httpHandler("register-user", { body: RegisterInputSchema }, async ({ body, event }) => {
  // Checked here rather than in the account service, which the login route shares: only the routes that set a
  // password carry the strength library's dictionaries.
  await refuseCommonPassword(body.password, [body.firstName, body.lastName, body.email, body.phoneNumber]);
  const { token, user } = await registrations().register(body);
  // The browser the account was opened in is not a "new browser" at its first sign-in (design.md §12.2).
  await registeredBrowsers().registered(user, { deviceId: event.headers?.["x-device-id"] });
  return { statusCode: 201, body: { token, user: presentUser(user) } };
});
