import { investments } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentTransaction } from "../../lib/presenters.js";

export const handler = httpHandler("list-transactions", {}, async ({ caller }) => ({
  body: { transactions: (await investments().listTransactions(caller.id)).map(presentTransaction) },
}));
