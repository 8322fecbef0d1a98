import { ConfirmTwoFactorInputSchema } from "@jengafund/shared";
import { twoFactor } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentUser } from "../../lib/presenters.js";
import { TWO_FACTOR_MESSAGES } from "../../services/two-factor.js";

export const handler = httpHandler(
  "disable-two-factor",
  { body: ConfirmTwoFactorInputSchema },
  async ({ body, caller, session, sourceIp }) => {
    const user = await twoFactor().disable(caller, { ...body, sessionId: session.id, sourceIp });
    return { body: { message: TWO_FACTOR_MESSAGES.disabled, user: presentUser(user) } };
  },
);
