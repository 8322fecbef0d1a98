import { investments } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentInvestment } from "../../lib/presenters.js";

export const handler = httpHandler("list-investments", {}, async ({ caller }) => ({
  body: { investments: (await investments().listInvestments(caller.id)).map(presentInvestment) },
}));
