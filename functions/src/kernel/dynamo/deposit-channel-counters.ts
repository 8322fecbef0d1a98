/**
 * The statistics counters of completed deposits by channel (GET /admin/stats `depositsByChannel`), kept in the same
 * transaction as the credit they count, next to the ledger counters (items.ts). A Paybill credit, from a confirmation
 * or an admin's assignment of an unmatched payment, counts one and its amount; an STK completion counts its amount.
 * The STK count is the completed deposits less the Paybill ones: deposits before this counter were all STK.
 */
import type { CounterDeltas } from "./counter-items.js";

export const DEPOSIT_CHANNEL_COUNTERS = {
  paybillCount: "tx_deposit_paybill",
  paybillCents: "tx_deposit_paybill_cents",
  stkCents: "tx_deposit_stk_cents",
} as const;

/** One completed Paybill deposit of `cents`. */
export const paybillDepositCounters = (cents: number): CounterDeltas => ({
  [DEPOSIT_CHANNEL_COUNTERS.paybillCount]: 1,
  [DEPOSIT_CHANNEL_COUNTERS.paybillCents]: cents,
});

/** The amount of one completed STK deposit (its count is already in the completed deposits). */
export const stkDepositCounters = (cents: number): CounterDeltas => ({ [DEPOSIT_CHANNEL_COUNTERS.stkCents]: cents });
