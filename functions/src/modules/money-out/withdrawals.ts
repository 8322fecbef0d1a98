import { INVESTOR_MESSAGES, kesToCents } from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import { BusyError, InsufficientBalanceError, NotAuthenticatedError, RuleViolationError } from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { PayoutNumberRecord } from "../../kernel/records.js";
import {
  type KeepAnswer,
  MoveRefusedError,
  summaryOf,
  type UserRecord,
  type WithdrawalRecord,
} from "../../kernel/records.js";
import { ACCOUNT_MESSAGES, type AccountRepository } from "../identity/index.js";
import { type InvestorRepository, withBalanceChange } from "../investing/index.js";
import { limitRefusal, withdrawalRoom } from "../kyc/index.js";
import { refuseUnprovenPayoutNumber } from "./payout-numbers.js";

export interface WithdrawalServiceDeps {
  investor: InvestorRepository;
  accounts: AccountRepository;
  clock: Clock;
  newId: IdGenerator;
  /** M-Pesa B2C bounds in KES: a request outside them would only fail at payout time. */
  payoutLimits: { minKes: number; maxKes: number };
}

/** A refused hold means the account changed: it is read again and the request decided again (not a conflict retry). */
const MOVE_ATTEMPTS = 4;

/** `WD-` and the last 10 characters of the id: short enough to read out on a support call. */
export const withdrawalReference = (withdrawalId: string) => `WD-${withdrawalId.slice(-10)}`;

export function createWithdrawalService({ investor, accounts, clock, newId, payoutLimits }: WithdrawalServiceDeps) {
  return {
    /**
     * Holds the amount at once (real money only: trial money is never withdrawable) until an admin decides. Pays only
     * to the registered number or to a number `payoutNumber` proves (read with the caller) once its wait is over
     * (design.md §13.2); else 403, nothing written.
     */
    async request(input: {
      user: UserRecord;
      amountKes: number;
      phoneNumber: string;
      /** The payout-number item of `phoneNumber`, read with the caller (null: none). */
      payoutNumber?: PayoutNumberRecord | null;
      requestId: string;
      /** The caller's address, for the owner's notice. */
      sourceIp?: string;
      keep?: KeepAnswer<{ withdrawal: WithdrawalRecord; user: UserRecord }>;
    }): Promise<{ withdrawal: WithdrawalRecord; user: UserRecord }> {
      const { amountKes, phoneNumber, requestId } = input;
      if (amountKes < payoutLimits.minKes)
        throw new RuleViolationError(INVESTOR_MESSAGES.minimumPayout(payoutLimits.minKes));
      if (amountKes > payoutLimits.maxKes)
        throw new RuleViolationError(INVESTOR_MESSAGES.maximumPayout(payoutLimits.maxKes));
      refuseUnprovenPayoutNumber(input.user, phoneNumber, input.payoutNumber, clock.now());
      const amountCents = kesToCents(amountKes);
      // Unverified, at most KES 10,000 a Nairobi day (design.md §13.5); the hold's transaction keeps to it.
      const unverifiedRoomCents = withdrawalRoom(input.user, amountCents);
      let user = input.user;
      const withdrawalId = newId();
      const lineId = newId();
      const reference = withdrawalReference(withdrawalId);

      for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
        if (user.walletBalanceCents < amountCents) {
          throw new InsufficientBalanceError(
            user.isTrialAccount && user.walletBalanceCents === 0
              ? INVESTOR_MESSAGES.trialNotWithdrawable
              : INVESTOR_MESSAGES.insufficientBalance,
          );
        }
        const now = clock.now().toISOString();
        const withdrawal: WithdrawalRecord = {
          id: withdrawalId,
          userId: user.id,
          user: summaryOf(user),
          amountCents,
          phoneNumber,
          transactionReference: reference,
          status: "pending",
          requestDate: now,
          ledgerLineId: lineId,
          requestId,
        };
        const held = { withdrawal, user: withBalanceChange(user, "wallet", -amountCents) };
        try {
          await investor.requestWithdrawal({
            ...(input.keep ? { answer: input.keep(held) } : {}),
            // The owner's notice goes with the hold, as an outbox event the notifications module sends.
            ...(input.sourceIp ? { sourceIp: input.sourceIp } : {}),
            ...(unverifiedRoomCents === undefined ? {} : { unverifiedRoomCents }),
            user,
            withdrawal,
            line: {
              id: lineId,
              userId: user.id,
              type: "withdrawal",
              balance: "wallet",
              amountCents: -amountCents,
              status: "pending",
              description: `Withdrawal to M-Pesa ${phoneNumber}`,
              reference,
              phoneNumber,
              createdAt: now,
            },
          });
          return held;
        } catch (error) {
          if (!(error instanceof MoveRefusedError)) throw error;
          const overLimit = limitRefusal(error.reason);
          if (overLimit) throw overLimit;
          const fresh = await accounts.getUser(user.id);
          if (!fresh?.isActive) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
          user = fresh;
        }
      }
      throw new BusyError();
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
