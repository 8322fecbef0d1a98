import type { Context, EventBridgeEvent } from "aws-lambda";
import {
  parseC2bPayment,
  parsePayoutResult,
  parseStatusResult,
  parseStkCallback,
} from "../../adapters/daraja/callbacks.js";
import { observeInvocation } from "../../kernel/invocation.js";
import { log } from "../../kernel/log.js";
import type { DarajaEventDetail, DarajaEventType } from "../../kernel/records.js";
import {
  callbackOpener,
  deposits,
  paybillDeposits,
  StkNotConfirmedYetError,
  UnknownDepositError,
} from "../../modules/money-in/index.js";
import { PayoutNotAcceptedYetError, payouts } from "../../modules/money-out/index.js";

/**
 * The EventBridge rule's target: applies a Daraja callback that the ingest route put on the bus. Every path is
 * idempotent, so EventBridge's retries (and Daraja's duplicates) settle once. Unexpected errors are thrown so the
 * event is retried and, in the end, kept in the dead-letter queue.
 */
export async function handler(event: EventBridgeEvent<DarajaEventType, DarajaEventDetail>, context: Context) {
  // The event's id follows it through the bus's retries and the dead-letter queue.
  return observeInvocation(context, { correlation_id: event.id, eventType: event.detail.kind }, async () => {
    try {
      return await settle(event);
    } catch (error) {
      // An answer that overtook its own request is expected to settle on a later delivery; anything else is not.
      const early =
        error instanceof UnknownDepositError ||
        error instanceof StkNotConfirmedYetError ||
        error instanceof PayoutNotAcceptedYetError;
      log(early ? "warn" : "error", "Daraja event not settled; the bus delivers it again", { error });
      throw error;
    }
  });
}

async function settle(event: EventBridgeEvent<DarajaEventType, DarajaEventDetail>) {
  const { kind } = event.detail;
  const body = await callbackOpener()(event.detail.body);
  switch (kind) {
    case "StkCallback": {
      const outcome = parseStkCallback(body);
      return outcome ? { kind, result: await deposits().settle(outcome) } : unreadable(kind);
    }
    case "B2cResult": {
      const outcome = parsePayoutResult(body);
      return outcome ? { kind, result: await payouts().settleResult(outcome) } : unreadable(kind);
    }
    case "B2cTimeout": {
      const outcome = parsePayoutResult(body);
      if (outcome) payouts().noteTimeout(outcome);
      return { kind, result: "noted" };
    }
    case "StatusResult": {
      const outcome = parseStatusResult(body);
      return outcome ? { kind, result: await payouts().settleStatus(outcome) } : unreadable(kind);
    }
    case "StatusTimeout":
      log("warn", "Daraja Transaction Status query timed out; the next reconciliation asks again");
      return { kind, result: "noted" };
    case "C2bConfirmation": {
      const payment = parseC2bPayment(body);
      return payment ? { kind, result: await paybillDeposits().settle(payment) } : unreadable(kind);
    }
  }
}

function unreadable(kind: DarajaEventType) {
  // The ingest route checked the shape; an unreadable event here is a bug worth the dead-letter queue.
  throw new Error(`Unreadable ${kind} event`);
}
