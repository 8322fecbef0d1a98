import type { AuthResponse, Withdrawal } from "@jengafund/shared";
import { handler as adjustBalance } from "../../src/handlers/http/adjust-user-balance.js";
import { handler as login } from "../../src/handlers/http/login-user.js";
import { handler as processWithdrawal } from "../../src/handlers/http/process-withdrawal.js";
import { handler as requestWithdrawal } from "../../src/handlers/http/request-withdrawal.js";
import { keys } from "../../src/kernel/dynamo/keys.js";
import { readItem, setAttributes } from "./db.js";
import { call, gatewayEvent } from "./events.js";
import { type SimulatedBehaviours, simulatePhone } from "./simulated-phones.js";
import { registerUser } from "./users.js";

/**
 * A second admin of this test file, who funds the wallets: the admin who credits an account may not approve its
 * payout (design.md §12.1), so the admin under test decides withdrawals it did not fund.
 */
let fundingAdmin: Promise<string> | undefined;
export function fundingAdminToken(): Promise<string> {
  fundingAdmin ??= (async () => {
    const { input, user } = await registerUser({ firstName: "Funding", lastName: "Admin" });
    await setAttributes(keys.user(user._id), { role: "admin" });
    const { statusCode, body } = await call<AuthResponse>(
      login,
      gatewayEvent("login-user", { body: { email: input.email, password: input.password } }),
    );
    if (statusCode !== 200) throw new Error("the funding admin could not sign in");
    return body.token;
  })();
  return fundingAdmin;
}

/**
 * A new investor credited KES 1,000 by the funding admin, with a pending withdrawal of `amount` to `to`: a phone
 * number, or (by default) the investor's own registered number with the simulator's behaviours for it (e.g.
 * `{ b2c: "254700009999" }`: the payout's result never arrives; none: it pays; simulated-phones.ts).
 */
export async function pendingWithdrawal(to: string | SimulatedBehaviours = {}, amount = 300) {
  const { token, user } = await registerUser();
  if (typeof to !== "string" && Object.keys(to).length > 0) await simulatePhone(user.phoneNumber, to);
  const phone = typeof to === "string" ? to : user.phoneNumber;
  await call(
    adjustBalance,
    gatewayEvent("adjust-user-balance", {
      token: await fundingAdminToken(),
      pathParameters: { id: user._id },
      body: { amount: 1000, type: "credit", reason: "payout test" },
    }),
  );
  const { statusCode, body } = await call<{ withdrawal: Withdrawal }>(
    requestWithdrawal,
    gatewayEvent("request-withdrawal", { token, body: { amount, phoneNumber: phone } }),
  );
  if (statusCode !== 201) throw new Error(`the withdrawal was refused (${statusCode}): ${JSON.stringify(body)}`);
  return { user, token, withdrawal: body.withdrawal };
}

/** The admin approves a withdrawal, which starts its B2C payout. */
export function approveWithdrawal(adminToken: string, id: string) {
  return call<{ withdrawal: Withdrawal }>(
    processWithdrawal,
    gatewayEvent("process-withdrawal", { token: adminToken, pathParameters: { id }, body: { status: "approved" } }),
  );
}

/**
 * Moves an approved payout's approval back in time, as if it had waited that long for M-Pesa: "Mark payout as failed"
 * opens 24 hours after approval (design.md §12.1).
 */
export async function approvedHoursAgo(withdrawalId: string, hours: number) {
  const stored = await readItem(keys.withdrawal(withdrawalId));
  if (stored?.status !== "approved") throw new Error(`withdrawal ${withdrawalId} is not approved`);
  // Approved and sent to M-Pesa then (the gate counts from the last send).
  const at = new Date(Date.now() - hours * 3_600_000).toISOString();
  await setAttributes(keys.withdrawal(withdrawalId), { processedAt: at, payoutStartedAt: at });
}

/** A B2C result callback as Daraja posts it (mpesa.md), for the payout with this id and ConversationID. */
export function b2cResult(fields: {
  withdrawalId: string;
  conversationId: unknown;
  resultCode: number;
  amount?: number;
  receipt?: string;
}) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: fields.resultCode,
      ResultDesc: fields.resultCode === 0 ? "The service request is processed successfully." : "Forged failure.",
      OriginatorConversationID: fields.withdrawalId,
      ConversationID: fields.conversationId,
      TransactionID: fields.receipt ?? "TC10000000",
      ...(fields.amount === undefined
        ? {}
        : {
            ResultParameters: {
              ResultParameter: [
                { Key: "TransactionAmount", Value: fields.amount },
                { Key: "TransactionReceipt", Value: fields.receipt },
              ],
            },
          }),
    },
  };
}
