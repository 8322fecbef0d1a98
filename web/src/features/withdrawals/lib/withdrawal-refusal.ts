import { INVESTOR_MESSAGES, MAX_PAYOUT_KES, MIN_PAYOUT_KES, MIN_WITHDRAWAL_KES, type User } from "@jengafund/shared";
import { phoneRefusal } from "../../../lib/phone-formats";

/**
 * The refusals of spec §5 and the server's payout limits (design §5: M-Pesa pays out no less than KES 10), checked
 * before anything is sent, with the server's own texts. One case is left to the server on purpose: a trial account
 * with an empty wallet gets the server's explanation that trial money cannot be withdrawn, which says more than
 * 'Insufficient balance' to someone looking at KES 1,000 in the header. The refusal names its field, so the dialog
 * shows it there as well as in the spec's toast (design.md §12.7).
 */
export function withdrawalRefusal(amount: number, phoneNumber: string, user: User): WithdrawalRefusal | undefined {
  const onAmount = (message: string): WithdrawalRefusal => ({ field: "amount", message });
  if (!(amount >= MIN_WITHDRAWAL_KES)) return onAmount(INVESTOR_MESSAGES.minimumWithdrawal);
  if (!Number.isInteger(amount)) return onAmount(INVESTOR_MESSAGES.wholeShillings);
  if (amount < MIN_PAYOUT_KES) return onAmount(INVESTOR_MESSAGES.minimumPayout(MIN_PAYOUT_KES));
  if (amount > MAX_PAYOUT_KES) return onAmount(INVESTOR_MESSAGES.maximumPayout(MAX_PAYOUT_KES));
  const onlyTrialMoney = user.isTrialAccount && user.walletBalance === 0;
  if (amount > user.walletBalance && !onlyTrialMoney) return onAmount(INVESTOR_MESSAGES.insufficientBalance);
  const phone = phoneRefusal(phoneNumber);
  return phone === undefined ? undefined : { field: "phoneNumber", message: phone };
}

export interface WithdrawalRefusal {
  field: "amount" | "phoneNumber";
  message: string;
}
