import { BlockPayoutNumberQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { payoutNumberBlocks } from "../../modules/money-out/index.js";

/**
 * GET /auth/payout-numbers/block?token=… (design.md §13.2): the link in a new payout number's notice. The number is
 * removed, every session of the account ends and the owner is told; a used or expired link is a 400.
 */
export const handler = httpHandler(
  "block-payout-number",
  { query: BlockPayoutNumberQuerySchema },
  async ({ query, sourceIp }) => ({ body: await payoutNumberBlocks().block(query.token, sourceIp) }),
);
