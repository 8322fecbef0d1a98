import * as z from "zod/mini";
import { MAX_DEPOSIT_KES, MIN_DEPOSIT_KES, MIN_WITHDRAWAL_KES } from "../constants.js";
import { hasAtMostTwoDecimals } from "../money.js";
import type { BalanceKind, DepositStatus, TransactionStatus, TransactionType, WithdrawalStatus } from "../records.js";
import { DEPOSIT_INPUT_MESSAGES, INVESTOR_MESSAGES } from "./messages.js";
import { PhoneNumberSchema } from "./phone-number.js";

const ulidLike = (label: string) =>
  z.string(`${label} is required`).check(z.regex(/^[0-9A-Z]{26}$/, `${label} is not valid`));

/** A KES amount as the API accepts it: a finite positive number with at most two decimals. */
export const KesAmountSchema = z
  .number("Amount must be a number")
  .check(
    z.refine(Number.isFinite, "Amount must be a number"),
    z.positive("Amount must be greater than zero"),
    z.lte(100_000_000, "Amount is too large"),
    z.refine(hasAtMostTwoDecimals, "Amount can have at most 2 decimals"),
  );

export const BuyInvestmentInputSchema = z.object({
  packageId: ulidLike("Package"),
  amount: KesAmountSchema,
});
export type BuyInvestmentInput = z.infer<typeof BuyInvestmentInputSchema>;

export const InvestmentIdPathSchema = z.object({ id: ulidLike("Investment") });

export const WithdrawalRequestInputSchema = z.object({
  amount: z
    .number("Amount must be a number")
    .check(
      z.refine(Number.isFinite, "Amount must be a number"),
      z.gte(MIN_WITHDRAWAL_KES, INVESTOR_MESSAGES.minimumWithdrawal),
      z.lte(100_000_000, "Amount is too large"),
      z.int(INVESTOR_MESSAGES.wholeShillings),
    ),
  phoneNumber: PhoneNumberSchema,
});
export type WithdrawalRequestInput = z.input<typeof WithdrawalRequestInputSchema>;

export const PackageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  description: z.string(),
  price: z.number(),
  image: z.string(),
  category: z.string(),
  riskLevel: z.string(),
  monthlyReturnRate: z.number(),
  dailyReturnRate: z.number(),
  maturityDate: z.string(),
});
export type Package = z.infer<typeof PackageSchema>;

export interface Investment {
  _id: string;
  package: { _id: string; image: string; name: string; company: string };
  amount: number;
  currentValue: number;
  totalRewardsClaimed: number;
  /** The reward one claim pays (amount × dailyReturnRate / 100, rounded down to the cent). */
  dailyReward: number;
  dailyReturnRate: number;
  purchaseDate: string;
  maturityDate: string;
  lastClaimDate?: string;
  isTrialInvestment: boolean;
  /**
   * When its capital came back to the balance it was bought from (design.md §13.6): on its maturity day, by the
   * maturities job. Absent while it is active.
   */
  maturedAt?: string;
}

export interface Referral {
  _id: string;
  referred: { firstName: string; lastName: string; email: string };
  reward: number;
  rewardPaid: boolean;
  createdAt: string;
}

export interface Transaction {
  _id: string;
  type: TransactionType;
  description: string;
  amount: number;
  status: TransactionStatus;
  createdAt: string;
  reference: string;
  mpesaTransactionId?: string;
  phoneNumber?: string;
  /** "wallet" (real money) or "trial" (demo money). */
  balance: BalanceKind;
  user: { firstName: string; lastName: string; email: string };
}

export interface Withdrawal {
  _id: string;
  user: { firstName: string; lastName: string; email: string };
  amount: number;
  phoneNumber: string;
  transactionReference: string;
  status: WithdrawalStatus;
  requestDate: string;
  processedBy?: { firstName: string; lastName: string };
  reason?: string;
  mpesaTransactionId?: string;
  /** Admin lists only: when it was approved or rejected ("Mark payout as failed" opens 24 hours after approval). */
  processedAt?: string;
  /**
   * Admin lists only: M-Pesa paid this payout after it was refunded (design.md §12.1), so the user holds the amount
   * twice until an admin recovers it. `amount` in KES.
   */
  paidAfterRefund?: { amount: number; receipt?: string; at: string };
  /** Admin lists only: the account behind the request, to weigh the payout number against (design.md §12.2). */
  account?: WithdrawalAccount;
  /**
   * Admin lists only, on a pending request: whether the admin asking may approve it (design.md §12.1, §13.6), so the
   * Process dialog says so before the click. Rejecting is open to every admin but its owner.
   */
  mayApprove?: boolean;
  /** With `mayApprove: false`: why, in words the dialog shows as they are. */
  approveBlockedReason?: string;
}

/** What the admin deciding a withdrawal sees of its account. */
export interface WithdrawalAccount {
  /** The registered number (2547XXXXXXXX), shown beside the payout's. */
  registeredPhoneNumber: string;
  /** When the account was opened: its age. */
  createdAt: string;
  /** A password reset or a two-factor change in the last 7 days (the latest of them). */
  recentSecurityChange?: { kind: "password" | "two-factor"; at: string };
  /** Credits to the wallet by admins in the last 30 days: how many, and their total in KES. */
  adminCredits30d: { count: number; amount: number };
  /** Daily rewards paid into the wallet in the last 30 days, in KES (design.md §13.1: a package's rate is money). */
  rewards30d: number;
  /** When the payout number was first proven by a deposit from it (absent for the registered number). */
  payoutNumberFirstProvenAt?: string;
  /** A sign-in from a browser new to the account in the last 24 hours (the latest). */
  newBrowserSignInAt?: string;
  /** The account's alerts (notification preferences) changed in the last 7 days (the latest change). */
  alertsChangedAt?: string;
}

export const DepositInputSchema = z.object({
  amount: z
    .number("Amount must be a number")
    .check(
      z.refine(Number.isFinite, "Amount must be a number"),
      z.gte(MIN_DEPOSIT_KES, DEPOSIT_INPUT_MESSAGES.minimum),
      z.lte(MAX_DEPOSIT_KES, DEPOSIT_INPUT_MESSAGES.maximum),
      z.int(DEPOSIT_INPUT_MESSAGES.wholeShillings),
    ),
  phoneNumber: PhoneNumberSchema,
});
export type DepositInput = z.input<typeof DepositInputSchema>;

export const CheckoutRequestPathSchema = z.object({
  checkoutRequestId: z.string("Deposit not found").check(z.regex(/^[\w-]{6,80}$/, "Deposit not found")),
});

/** GET /mpesa/deposits: only the caller's pending deposits are listed (design.md §12.7). */
export const PendingDepositsQuerySchema = z.object({
  status: z.literal("pending", 'status must be "pending"'),
});

/** What GET /mpesa/deposit/{id} reports about one's own deposit. */
export interface DepositStatusView {
  checkoutRequestId: string;
  amount: number;
  phoneNumber: string;
  status: DepositStatus;
  /**
   * "paybill" for a Paybill payment being confirmed with M-Pesa before it is credited (design.md §13.3): no prompt,
   * no phone; absent for an STK deposit.
   */
  channel?: "paybill";
  resultDesc?: string;
  mpesaTransactionId?: string;
  createdAt: string;
}
