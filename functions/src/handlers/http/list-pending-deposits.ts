import { PendingDepositsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentDeposit } from "../../http/presenters.js";
import { pendingDeposits } from "../../modules/money-in/index.js";

export const handler = httpHandler(
  "list-pending-deposits",
  { query: PendingDepositsQuerySchema },
  async ({ caller }) => ({
    body: { deposits: (await pendingDeposits().listOwn(caller)).map(presentDeposit) },
  }),
);
