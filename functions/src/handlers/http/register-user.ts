import { RegisterInputSchema } from "@jengafund/shared";
import { accounts } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentUser } from "../../lib/presenters.js";

export const handler = httpHandler("register-user", { body: RegisterInputSchema }, async ({ body }) => {
  const { token, user } = await accounts().register(body);
  return { statusCode: 201, body: { token, user: presentUser(user) } };
});
