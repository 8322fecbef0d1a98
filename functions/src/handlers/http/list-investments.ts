import { investments } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";
import { presentInvestment } from "../../http/presenters.js";

export const handler = httpHandler("list-investments", {}, async ({ caller }) => ({
  body: { investments: (await investments().listInvestments(caller.id)).map(presentInvestment) },
}));
