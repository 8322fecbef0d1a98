import { PendingDepositsQuerySchema } from "@jengafund/shared";
import { pendingDeposits } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";
import { presentDeposit } from "../../http/presenters.js";

export const handler = httpHandler(
  "list-pending-deposits",
  { query: PendingDepositsQuerySchema },
  async ({ caller }) => ({
    body: { deposits: (await pendingDeposits().listOwn(caller)).map(presentDeposit) },
  }),
);
