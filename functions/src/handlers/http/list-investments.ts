import { httpHandler } from "../../http/middleware.js";
import { presentInvestment } from "../../http/presenters.js";
import { investments } from "../../modules/investing/index.js";

export const handler = httpHandler("list-investments", {}, async ({ caller }) => ({
  body: { investments: (await investments().listInvestments(caller.id)).map(presentInvestment) },
}));
