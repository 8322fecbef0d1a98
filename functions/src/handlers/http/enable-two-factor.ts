import { EnableTwoFactorInputSchema } from "@jengafund/shared";
import { twoFactor } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentUser } from "../../lib/presenters.js";
import { TWO_FACTOR_MESSAGES } from "../../services/two-factor.js";

export const handler = httpHandler(
  "enable-two-factor",
  { body: EnableTwoFactorInputSchema },
  async ({ body, caller, session, sourceIp }) => {
    const { user, recoveryCodes } = await twoFactor().enable(caller, { ...body, sessionId: session.id, sourceIp });
    return { body: { message: TWO_FACTOR_MESSAGES.enabled, user: presentUser(user), recoveryCodes } };
  },
);
