import type { DepositRecord, UserRecord } from "../records.js";
import { keys } from "./keys.js";
import { type Item, pick } from "./user-items.js";

export function depositItem(deposit: DepositRecord): Item {
  return {
    ...keys.deposit(deposit.checkoutRequestId),
    type: "Deposit",
    ...deposit,
    // The deposit is its own creation marker (see runTransaction); Daraja's id is unique per push.
    requestId: deposit.checkoutRequestId,
    ...depositIndexKeys(deposit),
  };
}

/** A deposit's entry in the list by status that reconciliation reads, oldest first (GSI2). */
export function depositIndexKeys(deposit: Pick<DepositRecord, "checkoutRequestId" | "status" | "createdAt">) {
  return {
    GSI2PK: keys.depositsByStatus(deposit.status, deposit.checkoutRequestId),
    GSI2SK: deposit.createdAt,
  };
}

/**
 * The phone marker doubles as two admin search entries on the shard of its user: by phone prefix (GSI2), and by last
 * name (GSI3, "last first", in the same partitions as the user's own "first last"), so one prefix query over the
 * name partitions finds a user by either name. Names and the phone number never change after registration, so the
 * marker written with the user stays true.
 */
export const phoneMarkerIndexKeys = (
  userId: string,
  msisdn: string,
  owner: Pick<UserRecord, "firstName" | "lastName">,
) => ({
  GSI2PK: keys.userPhoneSearch(userId),
  GSI2SK: msisdn,
  GSI3PK: keys.userNameSearch(userId),
  GSI3SK: `${owner.lastName} ${owner.firstName}`.toLowerCase(),
});

export const toDepositRecord = (item: Item): DepositRecord =>
  pick<DepositRecord>(item, [
    "checkoutRequestId",
    "merchantRequestId",
    "userId",
    "amountCents",
    "phoneNumber",
    "status",
    "ledgerLineId",
    "accountReference",
    "createdAt",
    "settledAt",
    "resultCode",
    "resultDesc",
    "receipt",
    "channel",
  ]);
