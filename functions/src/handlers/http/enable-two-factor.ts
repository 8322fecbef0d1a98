import { TwoFactorCodeInputSchema } from "@jengafund/shared";
import { twoFactor } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentUser } from "../../lib/presenters.js";
import { TWO_FACTOR_MESSAGES } from "../../services/two-factor.js";

export const handler = httpHandler(
  "enable-two-factor",
  { body: TwoFactorCodeInputSchema },
  async ({ body, caller, sourceIp }) => {
    const user = await twoFactor().enable(caller, body.code, sourceIp);
    return { body: { message: TWO_FACTOR_MESSAGES.enabled, user: presentUser(user) } };
  },
);
