import { formatKes, PAYBILL_MAX_KES, PAYBILL_MIN_KES } from "@jengafund/shared";

/** What the Pay with Paybill view says (design.md §12.3). */
export const PAYBILL_TEXTS = {
  intro:
    "Pay from the M-PESA menu on your phone, no prompt needed. Your balance updates here once M-Pesa confirms the payment; you can close this window meanwhile.",
  businessNumber: "Business number",
  accountNumber: "Account number",
  copy: "Copy",
  copied: "Copied",
  copiedNotice: (label: string) => `${label} copied`,
  copyFailed: "Could not copy. Type the number in instead.",
  stepsTitle: "On your phone",
  steps: (businessNumber: string, accountNumber: string): readonly string[] => [
    "Open M-PESA.",
    "Choose Lipa na M-PESA.",
    "Choose Pay Bill.",
    `Enter Business no. ${businessNumber}.`,
    `Enter Account no. ${accountNumber}.`,
    `Enter the amount, from ${formatKes(PAYBILL_MIN_KES)} to ${formatKes(PAYBILL_MAX_KES)}.`,
    "Enter your M-PESA PIN and send.",
  ],
  done: "Done",
} as const;

/** The toast when a Paybill payment has been credited, in the words of the STK deposit's success (spec §8). */
export const PAYBILL_TOASTS = {
  landed: (amountKes: number, newBalanceKes: number | undefined) =>
    newBalanceKes === undefined
      ? `Deposit of ${formatKes(amountKes)} received by Paybill`
      : `Deposit of ${formatKes(amountKes)} received by Paybill. New balance: ${formatKes(newBalanceKes)}`,
} as const;
