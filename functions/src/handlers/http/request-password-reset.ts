import { ForgotPasswordInputSchema } from "@jengafund/shared";
import { passwordResetRequests } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";

export const handler = httpHandler(
  "request-password-reset",
  { body: ForgotPasswordInputSchema },
  async ({ body, sourceIp }) => ({
    statusCode: 202,
    body: await passwordResetRequests().request(body.email, sourceIp, body.altcha),
  }),
);
