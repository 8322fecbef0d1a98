import { DecideAdjustmentInputSchema, ResourceIdPathSchema } from "@jengafund/shared";
import { adminRequest } from "../../http/admin-request.js";
import { httpHandler } from "../../http/middleware.js";
import { adjustments, presentAdjustment } from "../../modules/admin-controls/index.js";
import type { AdjustmentRecord } from "../../modules/four-eyes/index.js";

const present = (adjustment: AdjustmentRecord) => ({ adjustment: presentAdjustment(adjustment, new Date()) });

/** A second admin approves (the money moves) or rejects (nothing moves) a pending adjustment. */
export const handler = httpHandler(
  "decide-adjustment",
  { path: ResourceIdPathSchema, body: DecideAdjustmentInputSchema },
  async (request) => ({
    body: present(
      await adjustments().decide({ id: request.path.id, decision: request.body, ...adminRequest(request, present) }),
    ),
  }),
);
