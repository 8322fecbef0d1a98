import { AdminWithdrawalsQuerySchema } from "@jengafund/shared";
import { admin, payoutNumbers } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentAdminWithdrawal, presentPage } from "../../lib/presenters.js";

export const handler = httpHandler(
  "list-admin-withdrawals",
  { query: AdminWithdrawalsQuerySchema },
  async ({ query }) => {
    const page = await admin().listWithdrawals(query);
    // The accounts behind the page, each read once (design.md §12.2): the registered number and the signals.
    const accounts = await payoutNumbers().signalsOf(page.items.map((withdrawal) => withdrawal.userId));
    return {
      body: presentPage("withdrawals", page, query, (withdrawal) =>
        presentAdminWithdrawal(withdrawal, accounts.get(withdrawal.userId)),
      ),
    };
  },
);
