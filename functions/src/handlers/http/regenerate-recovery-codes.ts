import { ConfirmTwoFactorInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { TWO_FACTOR_MESSAGES, twoFactor } from "../../modules/identity/index.js";

/** Ten new recovery codes, with the password and a code (or a recovery code); the old ones stop working. */
export const handler = httpHandler(
  "regenerate-recovery-codes",
  { body: ConfirmTwoFactorInputSchema },
  async ({ body, caller, sourceIp }) => ({
    body: {
      message: TWO_FACTOR_MESSAGES.recoveryCodesRenewed,
      recoveryCodes: await twoFactor().regenerateRecoveryCodes(caller, { ...body, sourceIp }),
    },
  }),
);
