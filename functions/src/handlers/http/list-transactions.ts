import { investments } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";
import { presentTransaction } from "../../http/presenters.js";

export const handler = httpHandler("list-transactions", {}, async ({ caller }) => ({
  body: { transactions: (await investments().listTransactions(caller.id)).map(presentTransaction) },
}));
