/**
 * Every key string of the single table lives here (docs/data-model.md has the access-pattern chart).
 * Entities:  USER#<id> / PROFILE             the user (GSI1: USERS / <createdAt>#<id>, newest-first list)
 *            USER#<id> / TX#<txId>           a ledger line of that user (GSI1: TX / <txId>, the admin list)
 *            USER#<id> / INV#<invId>         an investment of that user
 *            USER#<id> / CLAIM#<invId>#<day> the once-a-day reward marker of an investment
 *            USER#<id> / REFERRAL#<userId>   a referral the user made
 *            WITHDRAWAL#<id> / WITHDRAWAL     a withdrawal request (GSI1: WD / <id>; GSI2: WD#<status> / <id>;
 *                                            GSI3: USER#<userId> / WD#<id>, the user's own list)
 *            UNIQUE#EMAIL#<email> / UNIQUE   uniqueness markers written with the user (also EMAIL, PHONE, REFCODE)
 *            PACKAGE#<id> / PACKAGE          an investment package (GSI1: PACKAGES / <createdAt>#<id>)
 *            DEPOSIT#<checkoutId> / DEPOSIT  an M-Pesa deposit (GSI2: DEPOSIT#<status> / <createdAt>, reconciliation)
 *            RECEIPT#<receipt> / RECEIPT     an M-Pesa receipt already credited (never twice)
 *            DARAJA / TOKEN                  the shared Daraja access token
 *            STATS / TOTALS#<0..7>, STATS / DAY#<yyyy-mm-dd>   counters for the admin statistics (sharded)
 *            THROTTLE#LOGIN#<scope> / <hour> login attempts counted before the password is checked, by TTL
 *            THROTTLE#REFCODE#IP#<ip> / <hour>  public referral code checks made from an address, by TTL
 *            THROTTLE#STK#USER#<id> / PENDING    how many of the user's deposits are pending
 *            THROTTLE#STK#<scope> / <hour>   STK prompts started in an hour, per user and per phone, by TTL
 *            IDEMPOTENCY#<callerId>#<key> / IDEMPOTENCY   a keyed money request and its kept answer (24 h, TTL)
 */
export interface Key {
  PK: string;
  SK: string;
}

export const keys = {
  user: (userId: string): Key => ({ PK: `USER#${userId}`, SK: "PROFILE" }),
  usersListPartition: "USERS",
  usersListSort: (createdAt: string, userId: string) => `${createdAt}#${userId}`,

  ledgerLine: (userId: string, txId: string): Key => ({ PK: `USER#${userId}`, SK: `TX#${txId}` }),
  ledgerListPartition: "TX",
  ledgerByTypeAndStatus: (type: string, status: string) => `TX#${type}#${status}`,
  ledgerByReference: (reference: string) => `TXREF#${reference}`,
  receiptMarker: (receipt: string): Key => ({ PK: `RECEIPT#${receipt}`, SK: "RECEIPT" }),
  deposit: (checkoutRequestId: string): Key => ({ PK: `DEPOSIT#${checkoutRequestId}`, SK: "DEPOSIT" }),
  depositsByStatusPartition: (status: string) => `DEPOSIT#${status}`,
  darajaToken: (): Key => ({ PK: "DARAJA", SK: "TOKEN" }),
  userEmailSearchPartition: "USEREMAIL",
  userNameSearchPartition: "USERNAME",
  userPhoneSearchPartition: "USERPHONE",

  investment: (userId: string, investmentId: string): Key => ({ PK: `USER#${userId}`, SK: `INV#${investmentId}` }),
  investmentPrefix: "INV#",
  claimMarker: (userId: string, investmentId: string, day: string): Key => ({
    PK: `USER#${userId}`,
    SK: `CLAIM#${investmentId}#${day}`,
  }),
  ledgerPrefix: "TX#",
  referralPrefix: "REFERRAL#",

  withdrawal: (withdrawalId: string): Key => ({ PK: `WITHDRAWAL#${withdrawalId}`, SK: "WITHDRAWAL" }),
  withdrawalsListPartition: "WD",
  withdrawalsByStatusPartition: (status: string) => `WD#${status}`,
  userWithdrawalsPrefix: "WD#",
  userWithdrawalSort: (withdrawalId: string) => `WD#${withdrawalId}`,

  referral: (referrerId: string, referredId: string): Key => ({
    PK: `USER#${referrerId}`,
    SK: `REFERRAL#${referredId}`,
  }),

  emailMarker: (email: string): Key => ({ PK: `UNIQUE#EMAIL#${email.toLowerCase()}`, SK: "UNIQUE" }),
  phoneMarker: (msisdn: string): Key => ({ PK: `UNIQUE#PHONE#${msisdn}`, SK: "UNIQUE" }),
  referralCodeMarker: (code: string): Key => ({ PK: `UNIQUE#REFCODE#${code.toUpperCase()}`, SK: "UNIQUE" }),

  package: (packageId: string): Key => ({ PK: `PACKAGE#${packageId}`, SK: "PACKAGE" }),
  packagesListPartition: "PACKAGES",

  /** The totals are spread over shards so that concurrent money moves rarely touch the same counter item. */
  statsTotals: (shard: number): Key => ({ PK: "STATS", SK: `TOTALS#${shard}` }),
  statsShardCount: 8,
  /** The last maturity day already taken out of the active-investments count. */
  statsMaturedThrough: (): Key => ({ PK: "STATS", SK: "MATURED" }),
  statsDay: (day: string): Key => ({ PK: "STATS", SK: `DAY#${day}` }),
  /** How many investments mature on a (UTC) day, to take them out of the active count then. */
  statsMaturities: (day: string): Key => ({ PK: "STATS", SK: `MATURES#${day}` }),

  /** A request made with an Idempotency-Key, per caller: its body's fingerprint and, once done, its answer. */
  idempotency: (callerId: string, idempotencyKey: string): Key => ({
    PK: `IDEMPOTENCY#${callerId}#${idempotencyKey}`,
    SK: "IDEMPOTENCY",
  }),

  /** `hour` is the UTC hour, `yyyy-mm-ddThh`: each counter is one hour's window. */
  loginAttempts: (scope: "EMAIL" | "IP", value: string, hour: string): Key => ({
    PK: `THROTTLE#LOGIN#${scope}#${scope === "EMAIL" ? value.toLowerCase() : value}`,
    SK: hour,
  }),
  referralCodeChecks: (sourceIp: string, hour: string): Key => ({ PK: `THROTTLE#REFCODE#IP#${sourceIp}`, SK: hour }),
  pendingDeposits: (userId: string): Key => ({ PK: `THROTTLE#STK#USER#${userId}`, SK: "PENDING" }),
  stkPrompts: (scope: "USER" | "PHONE", value: string, hour: string): Key => ({
    PK: `THROTTLE#STK#${scope}#${value}`,
    SK: hour,
  }),
} as const;
