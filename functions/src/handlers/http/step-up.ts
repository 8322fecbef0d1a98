import { TwoFactorCodeInputSchema } from "@jengafund/shared";
import { bearerToken, httpHandler } from "../../http/middleware.js";
import { stepUps } from "../../modules/identity/index.js";

/** A fresh authenticator code for the admin money actions (design.md §12.1): the caller's session, re-signed with it. */
export const handler = httpHandler(
  "step-up",
  { body: TwoFactorCodeInputSchema },
  async ({ body, caller, event, sourceIp }) => ({
    body: { token: await stepUps().stepUp(caller, bearerToken(event), body.code, sourceIp) },
  }),
);
