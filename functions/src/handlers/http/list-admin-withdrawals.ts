import { AdminWithdrawalsQuerySchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentAdminWithdrawal, presentPage } from "../../lib/presenters.js";

export const handler = httpHandler(
  "list-admin-withdrawals",
  { query: AdminWithdrawalsQuerySchema },
  async ({ query }) => {
    const page = await admin().listWithdrawals(query);
    return { body: presentPage("withdrawals", page, query, presentAdminWithdrawal) };
  },
);
