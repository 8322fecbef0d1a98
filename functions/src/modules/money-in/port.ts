import type {
  DepositRecord,
  DepositStatus,
  KeptAnswer,
  LedgerLine,
  UserRecord,
  UserSummary,
} from "../../kernel/records.js";
import type { FirstPayoutNumberProof } from "../money-out/index.js";

/** What starting one deposit counts against the STK push limits (design.md §9). */
export interface PromptReservation {
  userId: string;
  phoneNumber: string;
  /** The UTC hour, `yyyy-mm-ddThh`: the hourly counters' window. */
  hour: string;
  expiresAtEpochSeconds: number;
  /** The deposit's amount, counted against the unverified limit with the reservation (design.md §13.5). */
  amountCents: number;
  /** An unverified account's room before this deposit; absent once verified. */
  unverifiedRoomCents?: number;
}

export interface PromptLimits {
  maxPendingDepositsPerUser: number;
  maxPromptsPerUserPerHour: number;
  maxPromptsPerPhonePerHour: number;
}

export interface DepositRepository {
  /**
   * Before an STK push: takes one of the user's pending-deposit slots and counts the prompt for the user and for the
   * phone this hour, in one write whose conditions carry the limits, so they hold however many requests run at once.
   * Refuses with the limit's name (MoveRefusedError), counting nothing, when any is full; an hourly limit first.
   */
  reservePrompt(reservation: PromptReservation, limits: PromptLimits): Promise<void>;
  /**
   * Undoes a reservation whose deposit will never be recorded: always the pending slot (no settlement would free it);
   * the hourly counts only when no prompt can have reached the phone.
   */
  releasePrompt(reservation: PromptReservation, options: { promptSent: boolean }): Promise<void>;
  /** Records the started deposit and its pending ledger line; no balance moves. */
  create(deposit: DepositRecord, line: LedgerLine, user: UserSummary, answer?: KeptAnswer): Promise<void>;
  get(checkoutRequestId: string): Promise<DepositRecord | null>;
  /** The deposit and its owner as of one instant (a settlement is either in both or in neither). */
  getWithOwner(
    checkoutRequestId: string,
    userId: string,
  ): Promise<{ deposit: DepositRecord | null; user: UserRecord | null }>;
  /**
   * Credits the wallet (and ends the trial) with the deposit's amount, moving the deposit and its ledger line from
   * `from` to completed in the same transaction; from pending, it also gives the user's pending-deposit slot back.
   * Refusals: "not-pending" (already settled or changed since read), "duplicate-receipt" (the receipt already credited
   * another deposit), "payout-number-proven" (`firstProof` given, and another deposit proved the number meanwhile).
   * With `firstProof`, the number becomes a payout number in the same transaction, with its block link and the
   * owner's notice (design.md §13.2).
   */
  complete(
    deposit: DepositRecord,
    from: DepositStatus,
    receipt: string | undefined,
    at: string,
    firstProof?: FirstPayoutNumberProof,
  ): Promise<void>;
  /**
   * Whether the number a deposit was paid from is already a payout number of its account, and the account's
   * registered number: the settlement decides by it whether this deposit is the number's first proof.
   */
  payoutNumberStanding(userId: string, msisdn: string): Promise<{ registeredPhoneNumber?: string; proven: boolean }>;
  /**
   * Marks a pending deposit failed or cancelled, with Daraja's result, and gives the user's pending-deposit slot back.
   * Refusal: "not-pending".
   */
  fail(
    deposit: DepositRecord,
    to: "failed" | "cancelled",
    result: { code: string; desc: string },
    at: string,
  ): Promise<void>;
  /** Pending deposits created from `from` to `before` (ISO times, both included), oldest first, at most `limit`. */
  listPending(created: { from: string; before: string }, limit: number): Promise<DepositRecord[]>;
  /** How many pending deposits were created before `before`; counting stops at `max`. */
  countPending(before: string, max: number): Promise<number>;
}
