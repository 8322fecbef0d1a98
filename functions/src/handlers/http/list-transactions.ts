import { httpHandler } from "../../http/middleware.js";
import { presentTransaction } from "../../http/presenters.js";
import { investments } from "../../modules/investing/index.js";

export const handler = httpHandler("list-transactions", {}, async ({ caller }) => ({
  body: { transactions: (await investments().listTransactions(caller.id)).map(presentTransaction) },
}));
