import { CheckoutRequestPathSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentDeposit, presentUser } from "../../http/presenters.js";
import { depositLookup } from "../../modules/money-in/index.js";

export const handler = httpHandler("get-deposit", { path: CheckoutRequestPathSchema }, async ({ path, caller }) => {
  const { deposit, user } = await depositLookup().get(caller, path.checkoutRequestId);
  return { body: { deposit: presentDeposit(deposit), user: presentUser(user) } };
});
