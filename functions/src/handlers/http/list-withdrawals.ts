import { httpHandler } from "../../http/middleware.js";
import { presentWithdrawal } from "../../http/presenters.js";
import { withdrawalHistory } from "../../modules/money-out/index.js";

export const handler = httpHandler("list-withdrawals", {}, async ({ caller }) => ({
  body: { withdrawals: (await withdrawalHistory().listOwn(caller.id)).map(presentWithdrawal) },
}));
