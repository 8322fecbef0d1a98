import { withdrawalHistory } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentWithdrawal } from "../../lib/presenters.js";

export const handler = httpHandler("list-withdrawals", {}, async ({ caller }) => ({
  body: { withdrawals: (await withdrawalHistory().listOwn(caller.id)).map(presentWithdrawal) },
}));
