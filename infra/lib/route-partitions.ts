import type { RouteHandlerName } from "@jengafund/shared";
import { keys, OUTBOX_PREFIX } from "../../functions/src/kernel/dynamo/keys.js";

/** Any id in a partition key pattern (`dynamodb:LeadingKeys`, StringLike). */
const ANY = "*";
/**
 * One account's partition: its user item and what lies under it (ledger lines, investments, referrals, payout
 * numbers, the verification, the browsers seen). IAM cannot tell the caller's own account from another's (a role is not the signed-in user), so the
 * limit is the kind of item, not the owner: the code reads the caller's own partition (docs/adr/0016).
 */
const ACCOUNT = keys.user(ANY).PK;

/**
 * The partition keys a route's function may touch, where every item it reads or writes is one of the table's own
 * (no index query) under one of them (docs/adr/0016-credentials-apart.md): deployed, its grant is limited to those
 * with `ForAllValues:StringLike` on `dynamodb:LeadingKeys`. A route not named here keeps the whole table, less the
 * credentials and Scan; the IAM simulation (infra/deploy-test/iam-simulation.test.ts) says why for each.
 */
export const ROUTE_PARTITIONS: Partial<Record<RouteHandlerName, readonly string[]>> = {
  // The caller's user item is all the authenticator reads; each of these reads or writes its own partition alone.
  "get-current-user": [ACCOUNT],
  "get-paybill-details": [ACCOUNT],
  "list-transactions": [ACCOUNT],
  "list-investments": [ACCOUNT],
  "list-referrals": [ACCOUNT],
  "list-payout-numbers": [ACCOUNT],
  "get-kyc": [ACCOUNT],
  "logout-user": [ACCOUNT],
  "logout-all-sessions": [ACCOUNT],
};

/**
 * The event functions limited the same way. The stream's sender reads the outbox event its record names (the stream
 * carries keys only), the account it goes to, and records each channel on the event: nothing else. (The outbox sweep,
 * which lists the open events on GSI2, keeps the whole table.)
 */
export const EVENT_PARTITIONS: Readonly<Record<string, readonly string[]>> = {
  "send-notifications": [`${OUTBOX_PREFIX}${ANY}`, ACCOUNT],
};
