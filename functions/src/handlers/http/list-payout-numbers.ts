import { payoutNumbers } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";

/** GET /withdrawals/payout-numbers: where this account's withdrawals may go, the registered number first. */
export const handler = httpHandler("list-payout-numbers", {}, async ({ caller }) => ({
  body: { numbers: await payoutNumbers().list(caller) },
}));
