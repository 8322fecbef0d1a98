import { httpHandler } from "../../http/middleware.js";
import { presentReferral } from "../../http/presenters.js";
import { investments } from "../../modules/investing/index.js";

export const handler = httpHandler("list-referrals", {}, async ({ caller }) => ({
  body: { referrals: (await investments().listReferrals(caller.id)).map(presentReferral) },
}));
