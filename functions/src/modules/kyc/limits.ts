/**
 * An unverified account's limits (design.md §13.5), stated once: at most KES 10,000 withdrawn in a Nairobi day and
 * KES 100,000 deposited in all. The money modules ask here for the room a move may use; their transactions hold the
 * totals to it, so two moves at once cannot pass it together.
 */
import { KYC_MESSAGES, kesToCents, UNVERIFIED_LIMITS } from "@jengafund/shared";
import { KycRequiredError } from "../../kernel/errors.js";
import type { RefusalReason, UserRecord } from "../../kernel/records.js";

const DAILY_WITHDRAWAL_CENTS = kesToCents(UNVERIFIED_LIMITS.dailyWithdrawalKes);
const TOTAL_DEPOSIT_CENTS = kesToCents(UNVERIFIED_LIMITS.totalDepositKes);

export const isVerified = (user: Pick<UserRecord, "kyc">) => user.kyc?.status === "verified";

/**
 * The total an unverified account's withdrawals of the day may have reached before this one: undefined once verified
 * (no limit but M-Pesa's). An amount beyond the limit on its own is refused here.
 */
export function withdrawalRoom(user: Pick<UserRecord, "kyc">, amountCents: number): number | undefined {
  if (isVerified(user)) return undefined;
  if (amountCents > DAILY_WITHDRAWAL_CENTS) throw new KycRequiredError(KYC_MESSAGES.withdrawalLimit);
  return DAILY_WITHDRAWAL_CENTS - amountCents;
}

/** The same for deposits: the total counted so far (credited, and STK prompts awaiting the customer). */
export function depositRoom(user: Pick<UserRecord, "kyc">, amountCents: number): number | undefined {
  if (isVerified(user)) return undefined;
  if (amountCents > TOTAL_DEPOSIT_CENTS) throw new KycRequiredError(KYC_MESSAGES.depositLimit);
  return TOTAL_DEPOSIT_CENTS - amountCents;
}

/**
 * The same without refusing: a payment already made (Paybill) is not turned away but kept for an admin when its
 * transaction finds no room; negative when the amount alone passes the limit.
 */
export const depositRoomLeft = (user: Pick<UserRecord, "kyc">, amountCents: number): number | undefined =>
  isVerified(user) ? undefined : TOTAL_DEPOSIT_CENTS - amountCents;

/** The refusal of a transaction held to a limit, as the answer the account gets; undefined for any other. */
export function limitRefusal(reason: RefusalReason): KycRequiredError | undefined {
  if (reason === "kyc-withdrawal-limit") return new KycRequiredError(KYC_MESSAGES.withdrawalLimit);
  if (reason === "kyc-deposit-limit") return new KycRequiredError(KYC_MESSAGES.depositLimit);
  return undefined;
}
