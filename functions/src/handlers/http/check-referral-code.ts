import { ReferralCodePathSchema } from "@jengafund/shared";
import { referralCodes } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";

export const handler = httpHandler(
  "check-referral-code",
  { path: ReferralCodePathSchema },
  async ({ path, sourceIp }) => ({ body: await referralCodes().check(path.code, sourceIp) }),
);
