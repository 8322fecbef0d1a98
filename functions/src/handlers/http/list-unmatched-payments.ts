import { UnmatchedPaymentsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentPage } from "../../http/presenters.js";
import { presentUnmatchedPayment, unmatchedPayments } from "../../modules/admin-controls/index.js";

/** Paybill payments for no account, by status (unmatched by default), newest first (design.md §12.3). */
export const handler = httpHandler(
  "list-unmatched-payments",
  { query: UnmatchedPaymentsQuerySchema },
  async ({ query }) => {
    const page = await unmatchedPayments().list(query);
    return { body: presentPage("payments", page, query, presentUnmatchedPayment) };
  },
);
