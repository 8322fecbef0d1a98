import { apiCall } from "../../../lib/api-call";

/** GET /auth/payout-numbers/block?token=… (design.md §13.2): the notice's link; no session needed. */
export function blockPayoutNumber(token: string) {
  return apiCall("block-payout-number", { query: { token } });
}
