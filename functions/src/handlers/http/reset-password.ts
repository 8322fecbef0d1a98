import { ResetPasswordInputSchema } from "@jengafund/shared";
import { passwordResets } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";

export const handler = httpHandler(
  "reset-password",
  { body: ResetPasswordInputSchema },
  async ({ body, sourceIp }) => ({
    body: await passwordResets().reset(body.token, body.password, sourceIp),
  }),
);
