import { LoginInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";
import { accounts, newBrowsers } from "../../modules/identity/index.js";

export const handler = httpHandler("login-user", { body: LoginInputSchema }, async ({ body, event, sourceIp }) => {
  const { email, password, ...extras } = body;
  const { token, user, recoveryCodesLeft } = await accounts().login(email, password, sourceIp, extras);
  // The web app's random browser id (design.md §12.2): the owner is told of a sign-in from a browser new to the account.
  const headers = event.headers ?? {};
  await newBrowsers().signedIn(user, {
    deviceId: headers["x-device-id"],
    userAgent: headers["user-agent"] ?? event.requestContext?.http?.userAgent,
    sourceIp,
  });
  // Only after a recovery code stood in for the authenticator code (design.md §12.2).
  const left = recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft };
  return { body: { token, user: presentUser(user), ...left } };
});
