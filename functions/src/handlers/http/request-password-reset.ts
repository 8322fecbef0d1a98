import { ForgotPasswordInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { passwordResetRequests } from "../../modules/identity/index.js";

export const handler = httpHandler(
  "request-password-reset",
  { body: ForgotPasswordInputSchema },
  async ({ body, sourceIp }) => ({
    statusCode: 202,
    body: await passwordResetRequests().request(body.email, sourceIp, body.altcha),
  }),
);
