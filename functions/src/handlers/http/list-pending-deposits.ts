import { PendingDepositsQuerySchema } from "@jengafund/shared";
import { pendingDeposits } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentDeposit } from "../../lib/presenters.js";

export const handler = httpHandler(
  "list-pending-deposits",
  { query: PendingDepositsQuerySchema },
  async ({ caller }) => ({
    body: { deposits: (await pendingDeposits().listOwn(caller)).map(presentDeposit) },
  }),
);
