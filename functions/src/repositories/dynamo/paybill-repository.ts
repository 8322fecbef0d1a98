import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { PaybillAccountReference, PaybillRepository } from "../paybill-port.js";
import { summaryOf } from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { dayCountersUpdate, dayOf, depositDay } from "./day-counters.js";
import { paybillDepositCounters } from "./deposit-channel-counters.js";
import { countersUpdate, ledgerCounters, ledgerItem, mergeCounters, toUserRecord } from "./items.js";
import { keys } from "./keys.js";
import { outboxPut } from "./outbox-repository.js";
import { depositWalletCredit, receiptMarkerPut } from "./payment-repository.js";
import { runTransaction } from "./transactions.js";

/** The attribute of a receipt marker that says which Paybill payment took it (runTransaction's lost-answer check). */
const TRANS_ID = "c2bTransId";

/** Paybill (C2B) deposits on the single table (design.md §12.3). */
export function createDynamoPaybillRepository(ctx: DynamoContext = defaultDynamoContext()): PaybillRepository {
  const { db, TableName } = ctx;
  return {
    async findAccount(reference: PaybillAccountReference) {
      const markerKey =
        "msisdn" in reference ? keys.phoneMarker(reference.msisdn) : keys.referralCodeMarker(reference.referralCode);
      const { Item: marker } = await db.send(new GetCommand({ TableName, Key: markerKey }));
      if (typeof marker?.userId !== "string") return null;
      const { Item: user } = await db.send(new GetCommand({ TableName, Key: keys.user(marker.userId) }));
      return user ? toUserRecord(user) : null;
    },

    async credit({ transId, user, line, at }) {
      await runTransaction(ctx, [
        receiptMarkerPut(
          TableName,
          transId,
          { userId: user.id, lineId: line.id, channel: "paybill", [TRANS_ID]: transId, createdAt: at },
          { requestId: transId, attribute: TRANS_ID },
        ),
        // The same credit as an STK deposit's completion, trial-to-active rule included.
        depositWalletCredit(TableName, user.id, line.amountCents),
        {
          Put: { TableName, Item: ledgerItem(line, summaryOf(user)), ConditionExpression: "attribute_not_exists(PK)" },
        },
        countersUpdate(
          TableName,
          mergeCounters(ledgerCounters(line), paybillDepositCounters(line.amountCents)),
          user.id,
        ),
        dayCountersUpdate(TableName, user.id, dayOf(at), depositDay(line.amountCents)),
        outboxPut(TableName, {
          kind: "deposit-credited",
          moveId: line.id,
          userId: user.id,
          data: { amountCents: line.amountCents, receipt: transId },
          createdAt: at,
        }),
      ]);
    },

    async recordUnmatched(payment) {
      const sort = keys.unmatchedPaymentsSort(payment.receivedAt, payment.transId);
      await runTransaction(ctx, [
        // The receipt is taken by the unmatched payment too: a later delivery, once an account answers to the
        // reference, cannot credit it as well; an admin's resolution moves the money (and the marker) instead.
        receiptMarkerPut(
          TableName,
          payment.transId,
          { channel: "paybill", outcome: "unmatched", [TRANS_ID]: payment.transId, createdAt: payment.receivedAt },
          { requestId: payment.transId, attribute: TRANS_ID },
        ),
        {
          Put: {
            TableName,
            Item: {
              ...keys.unmatchedPayment(payment.transId),
              type: "UnmatchedPayment",
              ...payment,
              GSI1PK: keys.unmatchedPaymentsList(payment.transId),
              GSI1SK: sort,
              GSI2PK: keys.unmatchedPaymentsByStatus(payment.status, payment.transId),
              GSI2SK: sort,
            },
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
      ]);
    },
  };
}
