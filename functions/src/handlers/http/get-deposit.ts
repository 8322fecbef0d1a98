import { CheckoutRequestPathSchema } from "@jengafund/shared";
import { deposits } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentDeposit, presentUser } from "../../lib/presenters.js";

export const handler = httpHandler("get-deposit", { path: CheckoutRequestPathSchema }, async ({ path, caller }) => ({
  // The caller is read fresh on every request, so the balance here already includes a settled deposit.
  body: { deposit: presentDeposit(await deposits().get(caller, path.checkoutRequestId)), user: presentUser(caller) },
}));
