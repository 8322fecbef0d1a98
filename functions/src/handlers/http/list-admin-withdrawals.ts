import { AdminWithdrawalsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentAdminWithdrawal, presentPage } from "../../http/presenters.js";
import { admin } from "../../modules/admin-controls/index.js";
import { payoutNumbers } from "../../modules/money-out/index.js";

export const handler = httpHandler(
  "list-admin-withdrawals",
  { query: AdminWithdrawalsQuerySchema },
  async ({ query, caller }) => {
    const page = await admin().listWithdrawals(query);
    // The accounts and payout numbers behind the page, each read once (design.md §12.2, §13.2): the registered
    // number, when the payout number was first proven, and the account's signals; and from the same read of the
    // accounts, whether this admin may approve each pending request (design.md §13.6).
    const read = payoutNumbers().signalsOf(page.items);
    const [{ signals }, approvals] = await Promise.all([
      read,
      admin().payoutApprovals(
        caller.id,
        page.items,
        read.then(({ accounts }) => accounts),
      ),
    ]);
    return {
      body: presentPage("withdrawals", page, query, (withdrawal) =>
        presentAdminWithdrawal(withdrawal, signals.get(withdrawal.id), approvals.get(withdrawal.id)),
      ),
    };
  },
);
