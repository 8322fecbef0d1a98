import { AdminTransactionsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentPage, presentTransaction } from "../../http/presenters.js";
import { admin } from "../../modules/admin-controls/index.js";

export const handler = httpHandler(
  "list-admin-transactions",
  { query: AdminTransactionsQuerySchema },
  async ({ query, caller, sourceIp }) => {
    const page = await admin().listTransactions(query, { user: caller, ip: sourceIp });
    return { body: presentPage("transactions", page, query, presentTransaction) };
  },
);
