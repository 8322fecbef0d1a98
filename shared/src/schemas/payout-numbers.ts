import * as z from "zod/mini";
import { SECURITY_MESSAGES } from "./messages.js";

/**
 * GET /auth/payout-numbers/block?token=… (design.md §13.2): the link in the notice of a new payout number. Any token
 * that cannot be one of ours is answered like a used or expired one.
 */
export const BlockPayoutNumberQuerySchema = z.object({
  token: z
    .string(SECURITY_MESSAGES.blockLinkInvalid)
    .check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, SECURITY_MESSAGES.blockLinkInvalid)),
});
export type BlockPayoutNumberQuery = z.infer<typeof BlockPayoutNumberQuerySchema>;
