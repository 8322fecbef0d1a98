import { ProcessWithdrawalInputSchema, ResourceIdPathSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentAdminWithdrawal } from "../../http/presenters.js";
import { withdrawalDecisions } from "../../modules/admin-controls/index.js";

export const handler = httpHandler(
  "process-withdrawal",
  { path: ResourceIdPathSchema, body: ProcessWithdrawalInputSchema, load: ({ path }) => ({ withdrawalId: path.id }) },
  async ({ body, caller, loaded, event, sourceIp }) => ({
    body: {
      withdrawal: presentAdminWithdrawal(
        await withdrawalDecisions().processWithdrawal({
          withdrawal: loaded.withdrawal,
          admin: caller,
          decision: body,
          requestId: event.requestContext.requestId,
          ip: sourceIp,
        }),
      ),
    },
  }),
);
