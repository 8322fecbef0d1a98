import { EnableTwoFactorInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";
import { TWO_FACTOR_MESSAGES, twoFactor } from "../../modules/identity/index.js";

export const handler = httpHandler(
  "enable-two-factor",
  { body: EnableTwoFactorInputSchema },
  async ({ body, caller, session, sourceIp }) => {
    const { user, recoveryCodes } = await twoFactor().enable(caller, { ...body, sessionId: session.id, sourceIp });
    return { body: { message: TWO_FACTOR_MESSAGES.enabled, user: presentUser(user), recoveryCodes } };
  },
);
