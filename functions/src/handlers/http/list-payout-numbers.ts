import { httpHandler } from "../../http/middleware.js";
import { payoutNumbers } from "../../modules/money-out/index.js";

/** GET /withdrawals/payout-numbers: where this account's withdrawals may go, the registered number first. */
export const handler = httpHandler("list-payout-numbers", {}, async ({ caller }) => ({
  body: { numbers: await payoutNumbers().list(caller) },
}));
