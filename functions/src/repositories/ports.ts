import type { Role } from "@jengafund/shared";

/** Domain records as the services see them. Amounts are integer cents. */
export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  role: Role;
  isTrialAccount: boolean;
  trialBalanceCents: number;
  walletBalanceCents: number;
  totalReferralEarningsCents: number;
  referralCode: string;
  referredBy?: string;
  isActive: boolean;
  /** Bumped to revoke every token issued before (deactivation, password change). */
  tokenVersion: number;
  createdAt: string;
}

export type LedgerType = "deposit" | "withdrawal" | "investment" | "reward" | "referral" | "trial" | "adjustment";
export type LedgerStatus = "pending" | "completed" | "failed" | "cancelled";
/** Which balance a ledger line moves: trial money and real money never mix. */
export type BalanceKind = "wallet" | "trial";

export interface LedgerLine {
  id: string;
  userId: string;
  type: LedgerType;
  balance: BalanceKind;
  /** Signed: credits positive, debits negative. */
  amountCents: number;
  status: LedgerStatus;
  description: string;
  reference: string;
  createdAt: string;
  mpesaTransactionId?: string;
  phoneNumber?: string;
}

export interface NewAccount {
  user: UserRecord;
  /** The trial balance's opening ledger line, so trialBalance always equals the sum of its ledger. */
  openingLine?: LedgerLine;
  referral?: { referrerId: string; rewardCents: number };
  /** Africa/Nairobi day of the registration, for the "new users today" counter. */
  day: string;
}

export type UniqueField = "email" | "phoneNumber" | "referralCode";

/** Raised by the adapter when a uniqueness marker already exists. */
export class DuplicateValueError extends Error {
  constructor(readonly field: UniqueField) {
    super(`Duplicate ${field}`);
    this.name = "DuplicateValueError";
  }
}

export interface LoginLookup {
  userId: string | null;
  accountFailures: number;
  ipFailures: number;
}

export interface AccountRepository {
  /** The id of the user owning a referral code, or null. */
  findUserIdByReferralCode(code: string): Promise<string | null>;
  /** Writes the user, its uniqueness markers, opening ledger line, referral and counters in one transaction. */
  createAccount(account: NewAccount): Promise<void>;
  getUser(userId: string): Promise<UserRecord | null>;
  /** One round trip: the email's user id and both failed-login counters of this hour. */
  lookupLogin(email: string, sourceIp: string, hour: string): Promise<LoginLookup>;
  recordLoginFailure(email: string, sourceIp: string, hour: string, expiresAtEpochSeconds: number): Promise<void>;
}

export type PackageCategory =
  | "transport"
  | "technology"
  | "energy"
  | "insurance"
  | "manufacturing"
  | "media"
  | "real-estate"
  | "consumer-goods";
export type RiskLevel = "low" | "medium" | "high";

export interface PackageRecord {
  id: string;
  name: string;
  company: string;
  description: string;
  priceCents: number;
  image: string;
  category: PackageCategory;
  riskLevel: RiskLevel;
  /** Percent, e.g. 40 for 40% a month. */
  monthlyReturnRate: number;
  /** Percent, e.g. 1.3 for 1.3% a day. */
  dailyReturnRate: number;
  maturityDate: string;
  createdAt: string;
}

export interface PackageRepository {
  /** Creates the package and counts it in the statistics; false when the id already exists. */
  create(pkg: PackageRecord): Promise<boolean>;
}
