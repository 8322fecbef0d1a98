import { ReferralCodePathSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { referralCodes } from "../../modules/identity/index.js";

export const handler = httpHandler(
  "check-referral-code",
  { path: ReferralCodePathSchema },
  async ({ path, sourceIp }) => ({ body: await referralCodes().check(path.code, sourceIp) }),
);
