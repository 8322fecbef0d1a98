import { withdrawals } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentWithdrawal } from "../../lib/presenters.js";

export const handler = httpHandler("list-withdrawals", {}, async ({ caller }) => ({
  body: { withdrawals: (await withdrawals().listOwn(caller.id)).map(presentWithdrawal) },
}));
