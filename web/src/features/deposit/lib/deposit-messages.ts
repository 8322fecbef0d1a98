import { formatKes } from "@jengafund/shared";

/** What the depositor reads, from the prompt being sent to M-Pesa's answer (spec §8, design §5). */
export const DEPOSIT_TOASTS = {
  promptSent: "STK push sent to your phone. Please complete the payment.",
  failedToStart: "Failed to process deposit",
  success: (newBalanceKes: number) => `Deposit successful! New balance: ${formatKes(newBalanceKes)}`,
  cancelled: "Payment cancelled on your phone. No money was taken.",
  failed: (resultDesc: string | undefined) =>
    `M-Pesa payment failed: ${failureReason(resultDesc)}. No money was taken.`,
  stillConfirming: "Your M-Pesa payment is still being confirmed. Your balance will update once M-Pesa confirms it.",
  /** Said in the Deposit form while earlier prompts still wait on the phone: a second one is a second payment. */
  awaiting: (amountsKes: readonly number[]) =>
    amountsKes.length === 1
      ? `A prompt for ${formatKes(amountsKes[0] ?? 0)} is still waiting on your phone. Approve it there instead of sending another: each prompt you approve is paid.`
      : `${amountsKes.length} prompts (${amountsKes.map(formatKes).join(", ")}) are still waiting on your phone. Approve them there instead of sending another: each prompt you approve is paid.`,
  /** A Paybill payment above KES 10,000, credited once M-Pesa's record shows it (design.md §13.3). */
  paybillConfirming: (amountKes: number) => `Deposit of ${formatKes(amountKes)} received — confirming with M-Pesa`,
} as const;

/**
 * Daraja's result descriptions are written for integrators ("DS timeout user cannot be reached"), and a wrong PIN
 * comes back as "The initiator information is invalid." (mpesa.md §1.4). The common ones get plain words; anything
 * else is shown as M-Pesa wrote it.
 */
const REASONS: readonly [RegExp, string][] = [
  [/insufficient/i, "your M-Pesa balance is too low"],
  [/cannot be reached|DS timeout/i, "your phone could not be reached. Check that it is on and has network"],
  [/initiator information is invalid|wrong pin/i, "the M-Pesa PIN was wrong"],
  [/expired/i, "the prompt expired before it was answered"],
];

function failureReason(resultDesc: string | undefined): string {
  const desc = resultDesc?.trim().replace(/\.+$/, "");
  if (!desc) return "M-Pesa did not complete it";
  return REASONS.find(([pattern]) => pattern.test(desc))?.[1] ?? desc;
}

/** The header's indicator while a deposit awaits M-Pesa (design.md §12.7). */
export const DEPOSIT_INDICATOR = {
  awaiting: "Awaiting M-Pesa",
  /** Once a deposit has waited longer than a few seconds; the phone's header has room for the short form only. */
  longWait: "M-Pesa is still confirming — don't pay again",
  longWaitShort: "Don't pay again",
} as const;
