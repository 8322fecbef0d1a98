import { investments } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentReferral } from "../../lib/presenters.js";

export const handler = httpHandler("list-referrals", {}, async ({ caller }) => ({
  body: { referrals: (await investments().listReferrals(caller.id)).map(presentReferral) },
}));
