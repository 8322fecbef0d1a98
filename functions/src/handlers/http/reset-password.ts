import { ResetPasswordInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { passwordResets } from "../../modules/identity/index.js";

export const handler = httpHandler(
  "reset-password",
  { body: ResetPasswordInputSchema },
  async ({ body, sourceIp }) => ({
    body: await passwordResets().reset(body.token, body.password, sourceIp),
  }),
);
