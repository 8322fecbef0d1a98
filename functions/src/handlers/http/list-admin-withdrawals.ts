import { AdminWithdrawalsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentAdminWithdrawal, presentPage } from "../../http/presenters.js";
import { admin } from "../../modules/admin-controls/index.js";
import { payoutNumbers } from "../../modules/money-out/index.js";

export const handler = httpHandler(
  "list-admin-withdrawals",
  { query: AdminWithdrawalsQuerySchema },
  async ({ query }) => {
    const page = await admin().listWithdrawals(query);
    // The accounts and payout numbers behind the page, each read once (design.md §12.2, §13.2): the registered
    // number, when the payout number was first proven, and the account's signals.
    const signals = await payoutNumbers().signalsOf(page.items);
    return {
      body: presentPage("withdrawals", page, query, (withdrawal) =>
        presentAdminWithdrawal(withdrawal, signals.get(withdrawal.id)),
      ),
    };
  },
);
