import type { Withdrawal } from "@jengafund/shared";
import { handler as adjustBalance } from "../../src/handlers/http/adjust-user-balance.js";
import { handler as processWithdrawal } from "../../src/handlers/http/process-withdrawal.js";
import { handler as requestWithdrawal } from "../../src/handlers/http/request-withdrawal.js";
import { call, gatewayEvent } from "./events.js";
import { registerUser } from "./users.js";

/** A new investor credited KES 1,000 by the admin, with a pending withdrawal of `amount` to `phone`. */
export async function pendingWithdrawal(adminToken: string, phone: string, amount = 300) {
  const { token, user } = await registerUser();
  await call(
    adjustBalance,
    gatewayEvent("adjust-user-balance", {
      token: adminToken,
      pathParameters: { id: user._id },
      body: { amount: 1000, type: "credit", reason: "payout test" },
    }),
  );
  const { body } = await call<{ withdrawal: Withdrawal }>(
    requestWithdrawal,
    gatewayEvent("request-withdrawal", { token, body: { amount, phoneNumber: phone } }),
  );
  return { user, withdrawal: body.withdrawal };
}

/** The admin approves a withdrawal, which starts its B2C payout. */
export function approveWithdrawal(adminToken: string, id: string) {
  return call<{ withdrawal: Withdrawal }>(
    processWithdrawal,
    gatewayEvent("process-withdrawal", { token: adminToken, pathParameters: { id }, body: { status: "approved" } }),
  );
}
