import { centsToKes } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { admin, unmatchedPaymentRecords } from "../../modules/admin-controls/index.js";

export const handler = httpHandler("get-admin-stats", {}, async () => {
  const [{ totalRevenueCents, ...counts }, paybill] = await Promise.all([
    admin().stats(),
    unmatchedPaymentRecords().stats(),
  ]);
  return {
    body: {
      stats: {
        ...counts,
        totalRevenue: centsToKes(totalRevenueCents),
        // Completed deposits by channel: every completed deposit not from the Paybill came by an STK prompt.
        depositsByChannel: {
          stk: {
            count: paybill.completedDeposits - paybill.paybillDeposits,
            amount: centsToKes(paybill.stkDepositCents),
          },
          paybill: { count: paybill.paybillDeposits, amount: centsToKes(paybill.paybillDepositCents) },
        },
        unmatchedPayments: paybill.openPayments,
      },
    },
  };
});
