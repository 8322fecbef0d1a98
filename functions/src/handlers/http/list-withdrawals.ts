import { withdrawalHistory } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";
import { presentWithdrawal } from "../../http/presenters.js";

export const handler = httpHandler("list-withdrawals", {}, async ({ caller }) => ({
  body: { withdrawals: (await withdrawalHistory().listOwn(caller.id)).map(presentWithdrawal) },
}));
