import { CheckoutRequestPathSchema } from "@jengafund/shared";
import { depositLookup } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentDeposit, presentUser } from "../../lib/presenters.js";

export const handler = httpHandler("get-deposit", { path: CheckoutRequestPathSchema }, async ({ path, caller }) => {
  const { deposit, user } = await depositLookup().get(caller, path.checkoutRequestId);
  return { body: { deposit: presentDeposit(deposit), user: presentUser(user) } };
});
