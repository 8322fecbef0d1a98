import { AdminAdjustmentsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentPage } from "../../http/presenters.js";
import { adjustments, presentAdjustment } from "../../modules/admin-controls/index.js";

export const handler = httpHandler(
  "list-admin-adjustments",
  { query: AdminAdjustmentsQuerySchema },
  async ({ query }) => {
    const now = new Date();
    const page = await adjustments().list(query);
    return { body: presentPage("adjustments", page, query, (adjustment) => presentAdjustment(adjustment, now)) };
  },
);
