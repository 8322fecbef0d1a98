import { AdminAdjustmentsQuerySchema } from "@jengafund/shared";
import { adjustments } from "../../app.js";
import { presentAdjustment } from "../../lib/adjustment-presenter.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPage } from "../../lib/presenters.js";

export const handler = httpHandler(
  "list-admin-adjustments",
  { query: AdminAdjustmentsQuerySchema },
  async ({ query }) => {
    const now = new Date();
    const page = await adjustments().list(query);
    return { body: presentPage("adjustments", page, query, (adjustment) => presentAdjustment(adjustment, now)) };
  },
);
