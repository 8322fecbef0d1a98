import { LoginInputSchema } from "@jengafund/shared";
import { accounts } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentUser } from "../../lib/presenters.js";

export const handler = httpHandler("login-user", { body: LoginInputSchema }, async ({ body, sourceIp }) => {
  const { token, user } = await accounts().login(body.email, body.password, sourceIp, body.otp);
  return { body: { token, user: presentUser(user) } };
});
