import {
  type AuditEntry,
  centsToKes,
  type DepositStatusView,
  dailyRewardCents,
  type Investment,
  type Package,
  type Referral,
  resolveNotificationPreferences,
  type Transaction,
  type User,
  type Withdrawal,
} from "@jengafund/shared";
import type {
  AuditRecord,
  DepositRecord,
  InvestmentRecord,
  LedgerLine,
  PackageRecord,
  Page,
  ReferralRecord,
  UserRecord,
  UserSummary,
  WithdrawalRecord,
} from "../kernel/records.js";
import type { PayoutApproval } from "../modules/four-eyes/index.js";
import type { PayoutAccountSignals } from "../modules/money-out/index.js";

/** The API's user: KES numbers, `_id`, and never the password hash or token version. */
export function presentUser(user: UserRecord): User {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    isTrialAccount: user.isTrialAccount,
    trialBalance: centsToKes(user.trialBalanceCents),
    walletBalance: centsToKes(user.walletBalanceCents),
    totalReferralEarnings: centsToKes(user.totalReferralEarningsCents),
    referralCode: user.referralCode,
    isActive: user.isActive,
    twoFactorEnabled: user.twoFactorEnabled === true,
    notifications: resolveNotificationPreferences(user.notifications),
    kyc: user.kyc ?? { status: "none" },
    createdAt: user.createdAt,
  };
}

export function presentPackage(pkg: PackageRecord): Package {
  return {
    _id: pkg.id,
    name: pkg.name,
    company: pkg.company,
    description: pkg.description,
    price: centsToKes(pkg.priceCents),
    image: pkg.image,
    category: pkg.category,
    riskLevel: pkg.riskLevel,
    monthlyReturnRate: pkg.monthlyReturnRate,
    dailyReturnRate: pkg.dailyReturnRate,
    maturityDate: pkg.maturityDate,
  };
}

export function presentInvestment(investment: InvestmentRecord): Investment {
  return {
    _id: investment.id,
    package: {
      _id: investment.package.id,
      image: investment.package.image,
      name: investment.package.name,
      company: investment.package.company,
    },
    amount: centsToKes(investment.amountCents),
    currentValue: centsToKes(investment.amountCents + investment.totalRewardsClaimedCents),
    totalRewardsClaimed: centsToKes(investment.totalRewardsClaimedCents),
    dailyReward: centsToKes(dailyRewardCents(investment.amountCents, investment.dailyReturnRate)),
    dailyReturnRate: investment.dailyReturnRate,
    purchaseDate: investment.purchaseDate,
    maturityDate: investment.maturityDate,
    ...(investment.lastClaimDate ? { lastClaimDate: investment.lastClaimDate } : {}),
    isTrialInvestment: investment.balance === "trial",
    ...(investment.maturedAt ? { maturedAt: investment.maturedAt } : {}),
  };
}

export function presentReferral(referral: ReferralRecord): Referral {
  return {
    _id: referral.referredId,
    referred: referral.referred,
    reward: centsToKes(referral.rewardCents),
    rewardPaid: referral.rewardPaid,
    createdAt: referral.createdAt,
  };
}

export function presentTransaction(line: LedgerLine & { user: UserSummary }): Transaction {
  return {
    _id: line.id,
    type: line.type,
    description: line.description,
    amount: centsToKes(line.amountCents),
    status: line.status,
    createdAt: line.createdAt,
    reference: line.reference,
    ...(line.mpesaTransactionId ? { mpesaTransactionId: line.mpesaTransactionId } : {}),
    ...(line.phoneNumber ? { phoneNumber: line.phoneNumber } : {}),
    balance: line.balance,
    user: line.user,
  };
}

export function presentWithdrawal(withdrawal: WithdrawalRecord): Withdrawal {
  return {
    _id: withdrawal.id,
    user: withdrawal.user,
    amount: centsToKes(withdrawal.amountCents),
    phoneNumber: withdrawal.phoneNumber,
    transactionReference: withdrawal.transactionReference,
    status: withdrawal.status,
    requestDate: withdrawal.requestDate,
    ...(withdrawal.processedBy
      ? { processedBy: { firstName: withdrawal.processedBy.firstName, lastName: withdrawal.processedBy.lastName } }
      : {}),
    ...(withdrawal.reason ? { reason: withdrawal.reason } : {}),
    ...(withdrawal.mpesaTransactionId ? { mpesaTransactionId: withdrawal.mpesaTransactionId } : {}),
  };
}

/**
 * A withdrawal as admins see it: also when it was decided, and what M-Pesa paid after a refund, the money to recover
 * (design.md §12.1); in the list, the account behind it (design.md §12.2) and, pending, whether the admin asking may
 * approve it (design.md §13.6).
 */
export function presentAdminWithdrawal(
  withdrawal: WithdrawalRecord,
  account?: PayoutAccountSignals,
  approval?: PayoutApproval,
): Withdrawal {
  const paid = withdrawal.paidAfterRefund;
  return {
    ...presentWithdrawal(withdrawal),
    ...(approval
      ? { mayApprove: approval.mayApprove, ...(approval.mayApprove ? {} : { approveBlockedReason: approval.reason }) }
      : {}),
    ...(withdrawal.processedAt ? { processedAt: withdrawal.processedAt } : {}),
    ...(account
      ? {
          account: {
            registeredPhoneNumber: account.registeredPhoneNumber,
            createdAt: account.createdAt,
            ...(account.recentSecurityChange ? { recentSecurityChange: account.recentSecurityChange } : {}),
            adminCredits30d: {
              count: account.adminCredits30d.count,
              amount: centsToKes(account.adminCredits30d.amountCents),
            },
            rewards30d: centsToKes(account.rewards30dCents),
            ...(account.payoutNumberFirstProvenAt
              ? { payoutNumberFirstProvenAt: account.payoutNumberFirstProvenAt }
              : {}),
            ...(account.newBrowserSignInAt ? { newBrowserSignInAt: account.newBrowserSignInAt } : {}),
            ...(account.alertsChangedAt ? { alertsChangedAt: account.alertsChangedAt } : {}),
          },
        }
      : {}),
    ...(paid
      ? {
          paidAfterRefund: {
            amount: centsToKes(paid.amountCents),
            ...(paid.receipt ? { receipt: paid.receipt } : {}),
            at: paid.at,
          },
        }
      : {}),
  };
}

/** An admin list page: `{ <name>: [...], page, totalPages, total, nextCursor? }`. */
/** An audit entry as the admin console shows it (design.md §11). */
export function presentAuditEntry(entry: AuditRecord): AuditEntry {
  const { id, ...actor } = entry.actor;
  return {
    _id: entry.id,
    action: entry.action,
    actor: { _id: id, firstName: actor.firstName, lastName: actor.lastName, email: actor.email },
    target: { type: entry.target.type, _id: entry.target.id, label: entry.target.label },
    details: entry.details,
    createdAt: entry.createdAt,
  };
}

export function presentPage<T, R, const N extends string>(
  name: N,
  page: Page<T>,
  request: { page: number; limit: number },
  present: (item: T) => R,
): { [K in N]: R[] } & { page: number; totalPages: number; total: number; nextCursor?: string } {
  return {
    [name]: page.items.map(present),
    page: request.page,
    totalPages: Math.max(1, Math.ceil(page.total / request.limit)),
    total: page.total,
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  } as { [K in N]: R[] } & { page: number; totalPages: number; total: number; nextCursor?: string };
}

export function presentDeposit(deposit: DepositRecord): DepositStatusView {
  return {
    checkoutRequestId: deposit.checkoutRequestId,
    amount: centsToKes(deposit.amountCents),
    phoneNumber: deposit.phoneNumber,
    status: deposit.status,
    ...(deposit.resultDesc ? { resultDesc: deposit.resultDesc } : {}),
    ...(deposit.receipt ? { mpesaTransactionId: deposit.receipt } : {}),
    ...(deposit.channel ? { channel: deposit.channel } : {}),
    createdAt: deposit.createdAt,
  };
}
