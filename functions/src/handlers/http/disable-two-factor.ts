import { ConfirmTwoFactorInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentUser } from "../../http/presenters.js";
import { TWO_FACTOR_MESSAGES, twoFactor } from "../../modules/identity/index.js";

export const handler = httpHandler(
  "disable-two-factor",
  { body: ConfirmTwoFactorInputSchema },
  async ({ body, caller, session, sourceIp }) => {
    const user = await twoFactor().disable(caller, { ...body, sessionId: session.id, sourceIp });
    return { body: { message: TWO_FACTOR_MESSAGES.disabled, user: presentUser(user) } };
  },
);
