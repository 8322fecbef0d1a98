import { centsToKes, dailyRewardCents, INVESTOR_MESSAGES, kesToCents, REFERRAL_BONUS_KES } from "@jengafund/shared";
import { type Clock, nairobiDay } from "../../kernel/clock.js";
import {
  AlreadyClaimedError,
  BusyError,
  InsufficientBalanceError,
  NotAuthenticatedError,
  NotFoundError,
  RuleViolationError,
} from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import {
  type BalanceKind,
  type InvestmentRecord,
  type KeepAnswer,
  MoveRefusedError,
  type PackageRecord,
  type UserRecord,
} from "../../kernel/records.js";
import { ACCOUNT_MESSAGES, type AccountRepository } from "../identity/index.js";
import type { InvestorRepository } from "./port.js";

export interface InvestmentServiceDeps {
  investor: InvestorRepository;
  accounts: AccountRepository;
  clock: Clock;
  newId: IdGenerator;
  /** Counts the real money rewards pay (the rewards-against-deposits alarm; trial rewards are demo money). */
  metrics?: Pick<MetricsPort, "rewardPaid">;
}

/**
 * A refusal means the buyer or the package changed since they were read: they are read again and the purchase decided
 * again (which may now be "Insufficient balance"). Conflicts are retried in runTransaction, not here.
 */
const MOVE_ATTEMPTS = 4;

export function balanceOf(user: UserRecord, kind: BalanceKind): number {
  return kind === "trial" ? user.trialBalanceCents : user.walletBalanceCents;
}

export function withBalanceChange(user: UserRecord, kind: BalanceKind, deltaCents: number): UserRecord {
  return kind === "trial"
    ? { ...user, trialBalanceCents: user.trialBalanceCents + deltaCents }
    : { ...user, walletBalanceCents: user.walletBalanceCents + deltaCents };
}

export function createInvestmentService({ investor, accounts, clock, newId, metrics }: InvestmentServiceDeps) {
  async function reread(userId: string): Promise<UserRecord> {
    const user = await accounts.getUser(userId);
    if (!user?.isActive) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
    return user;
  }

  function assertBuyable(pkg: PackageRecord | null | undefined, amountCents: number, now: Date): PackageRecord {
    if (!pkg) throw new NotFoundError(INVESTOR_MESSAGES.packageNotFound);
    if (new Date(pkg.maturityDate) <= now) throw new RuleViolationError(INVESTOR_MESSAGES.packageMatured);
    if (amountCents < pkg.priceCents) {
      throw new RuleViolationError(INVESTOR_MESSAGES.minimumAmount(centsToKes(pkg.priceCents)));
    }
    return pkg;
  }

  return {
    listPackages: () => investor.listPackages(),

    listInvestments: (userId: string) => investor.listInvestments(userId),

    listReferrals: (userId: string) => investor.listReferrals(userId),

    /** The caller's own ledger, newest first. */
    listTransactions: (userId: string, limit = 100) => investor.listLedger(userId, limit),

    /**
     * Trial accounts buy with trialBalance, active accounts with walletBalance. The buyer's first real-money
     * investment also pays their referrer's pending bonus, in the same transaction.
     */
    async buy(input: {
      buyer: UserRecord;
      package: PackageRecord | null | undefined;
      amountKes: number;
      requestId: string;
      keep?: KeepAnswer<{ investment: InvestmentRecord; user: UserRecord }>;
    }): Promise<{ investment: InvestmentRecord; user: UserRecord }> {
      const amountCents = kesToCents(input.amountKes);
      let buyer = input.buyer;
      let pkg = assertBuyable(input.package, amountCents, clock.now());
      const investmentId = newId();
      const lineId = newId();
      const bonusLineId = newId();

      for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
        const now = clock.now();
        const kind: BalanceKind = buyer.isTrialAccount ? "trial" : "wallet";
        if (balanceOf(buyer, kind) < amountCents)
          throw new InsufficientBalanceError(INVESTOR_MESSAGES.insufficientBalance);
        const investment: InvestmentRecord = {
          id: investmentId,
          userId: buyer.id,
          package: { id: pkg.id, name: pkg.name, company: pkg.company, image: pkg.image },
          amountCents,
          dailyReturnRate: pkg.dailyReturnRate,
          balance: kind,
          totalRewardsClaimedCents: 0,
          purchaseDate: now.toISOString(),
          maturityDate: pkg.maturityDate,
          requestId: input.requestId,
        };
        const referrer = kind === "wallet" && buyer.referralRewardPending ? buyer.referrer : undefined;
        const user = {
          ...withBalanceChange(buyer, kind, -amountCents),
          ...(referrer ? { referralRewardPending: false } : {}),
        };
        try {
          await investor.purchase({
            ...(input.keep ? { answer: input.keep({ investment, user }) } : {}),
            buyer,
            investment,
            package: pkg,
            now: now.toISOString(),
            line: {
              id: lineId,
              userId: buyer.id,
              type: "investment",
              balance: kind,
              amountCents: -amountCents,
              status: "completed",
              description: `Investment in ${pkg.name} (${pkg.company})`,
              reference: `INV-${investmentId}`,
              createdAt: now.toISOString(),
            },
            ...(referrer
              ? {
                  referralBonus: {
                    referrerId: referrer.id,
                    referrer,
                    rewardCents: kesToCents(REFERRAL_BONUS_KES),
                    line: {
                      id: bonusLineId,
                      userId: referrer.id,
                      type: "referral",
                      balance: "wallet",
                      amountCents: kesToCents(REFERRAL_BONUS_KES),
                      status: "completed",
                      description: `Referral bonus: ${buyer.firstName} ${buyer.lastName} made their first investment`,
                      reference: `REF-${buyer.id}`,
                      createdAt: now.toISOString(),
                    },
                  },
                }
              : {}),
          });
          return { investment, user };
        } catch (error) {
          if (!(error instanceof MoveRefusedError)) throw error;
          if (error.reason === "package-changed") {
            pkg = assertBuyable(await investor.getPackage(pkg.id), amountCents, clock.now());
          }
          // A balance that no longer covers the amount surfaces as "Insufficient balance" on the next pass.
          buyer = await reread(buyer.id);
        }
      }
      throw new BusyError();
    },

    /**
     * One claim per investment per Africa/Nairobi day, until maturity; paid into the balance it was bought with. Once
     * its capital has come back (maturities.ts) it pays no more, even on its maturity day before the maturity's hour.
     */
    async claim(input: {
      claimant: UserRecord;
      investment: InvestmentRecord | null | undefined;
      requestId: string;
      keep?: KeepAnswer<{ rewardCents: number; investment: InvestmentRecord; user: UserRecord }>;
    }): Promise<{ rewardCents: number; investment: InvestmentRecord; user: UserRecord }> {
      const { claimant, investment } = input;
      if (!investment) throw new NotFoundError(INVESTOR_MESSAGES.investmentNotFound);
      const now = clock.now();
      if (investment.maturedAt || new Date(investment.maturityDate) <= now) {
        throw new RuleViolationError(INVESTOR_MESSAGES.investmentMatured);
      }
      const day = nairobiDay(now);
      if (investment.lastClaimDate && nairobiDay(new Date(investment.lastClaimDate)) === day) {
        throw new AlreadyClaimedError(INVESTOR_MESSAGES.alreadyClaimed);
      }
      const rewardCents = dailyRewardCents(investment.amountCents, investment.dailyReturnRate);
      const lineId = newId();
      const claimed = {
        rewardCents,
        investment: {
          ...investment,
          totalRewardsClaimedCents: investment.totalRewardsClaimedCents + rewardCents,
          lastClaimDate: now.toISOString(),
        },
        user: withBalanceChange(claimant, investment.balance, rewardCents),
      };
      try {
        await investor.claim({
          ...(input.keep ? { answer: input.keep(claimed) } : {}),
          claimant,
          investment,
          rewardCents,
          day,
          now: now.toISOString(),
          requestId: input.requestId,
          line: {
            id: lineId,
            userId: claimant.id,
            type: "reward",
            balance: investment.balance,
            amountCents: rewardCents,
            status: "completed",
            description: `Daily reward: ${investment.package.name}`,
            reference: `RWD-${investment.id}-${day}`,
            createdAt: now.toISOString(),
          },
        });
      } catch (error) {
        if (!(error instanceof MoveRefusedError)) throw error;
        if (error.reason === "already-claimed") throw new AlreadyClaimedError(INVESTOR_MESSAGES.alreadyClaimed);
        if (error.reason === "investment-changed") throw new RuleViolationError(INVESTOR_MESSAGES.investmentMatured);
        throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
      }
      if (investment.balance === "wallet") metrics?.rewardPaid(centsToKes(rewardCents));
      return claimed;
    },
  };
}

export type InvestmentService = ReturnType<typeof createInvestmentService>;
