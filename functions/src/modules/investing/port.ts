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

/** An active investment whose maturity day has come, with its owner as the ledger's admin list shows them. */
export interface DueInvestment {
  investment: InvestmentRecord;
  /** Undefined when the owner's account is not found (it never is deleted: an error to report, not to skip). */
  owner: UserSummary | undefined;
}

/** One investment's capital going back to the balance it was bought from (design.md §13.6). */
export interface MaturityPlan {
  investment: InvestmentRecord;
  owner: UserSummary;
  /** The `capital` ledger line: the amount, into `investment.balance`. */
  line: LedgerLine;
  maturedAt: string;
}

export interface MaturityRepository {
  /**
   * The active investments maturing on Nairobi days up to `throughDay` (inclusive), a page of at most `pageSize` at
   * a time, each shard of the maturities list in turn. A page may still hold one just matured (the index follows
   * the table within moments): `mature` refuses it.
   */
  due(throughDay: string, pageSize: number): AsyncIterable<DueInvestment[]>;
  /**
   * Marks the investment matured and credits its capital, with the ledger line, the counters and the owner's alert,
   * in one transaction conditional on it still being active: MoveRefusedError("already-matured") otherwise.
   */
  mature(plan: MaturityPlan): Promise<void>;
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
