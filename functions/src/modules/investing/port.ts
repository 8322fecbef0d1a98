import type {
  AuditRecord,
  InvestmentRecord,
  KeptAnswer,
  LedgerLine,
  PackageFields,
  PackageRecord,
  ReferralRecord,
  UserRecord,
  UserSummary,
  WithdrawalPlan,
  WithdrawalRecord,
} from "../../kernel/records.js";

export interface PurchasePlan {
  /** The answer to keep with the purchase, when the request carries an Idempotency-Key. */
  answer?: KeptAnswer;
  /** The buyer as read for this request; the transaction's conditions ensure it is still true. */
  buyer: UserRecord;
  investment: InvestmentRecord;
  line: LedgerLine;
  package: PackageRecord;
  now: string;
  /** Present on the buyer's first real-money investment while a referral bonus is pending. */
  referralBonus?: { referrerId: string; rewardCents: number; line: LedgerLine; referrer: UserSummary };
}

export interface ClaimPlan {
  answer?: KeptAnswer;
  claimant: UserRecord;
  investment: InvestmentRecord;
  rewardCents: number;
  day: string;
  now: string;
  line: LedgerLine;
  requestId: string;
}

export interface InvestorRepository {
  getPackage(packageId: string): Promise<PackageRecord | null>;
  listPackages(): Promise<PackageRecord[]>;
  purchase(plan: PurchasePlan): Promise<void>;
  claim(plan: ClaimPlan): Promise<void>;
  requestWithdrawal(plan: WithdrawalPlan): Promise<void>;
  listInvestments(userId: string): Promise<InvestmentRecord[]>;
  listReferrals(userId: string): Promise<ReferralRecord[]>;
  listLedger(userId: string, limit: number): Promise<(LedgerLine & { user: UserSummary })[]>;
  listWithdrawals(userId: string, limit: number): Promise<WithdrawalRecord[]>;
}

export interface PackageRepository {
  /** Creates the package and counts it in the statistics; false when the id already exists. */
  create(pkg: PackageRecord, answer?: KeptAnswer, audit?: AuditRecord): Promise<boolean>;
  /** Replaces an existing package's fields (keeping its creation time); null when it does not exist. */
  update(before: PackageRecord, fields: PackageFields, audit?: AuditRecord): Promise<PackageRecord | null>;
  /** Deletes the package (investments keep their snapshot of it); false when it does not exist. */
  remove(packageId: string, audit?: AuditRecord): Promise<boolean>;
}
