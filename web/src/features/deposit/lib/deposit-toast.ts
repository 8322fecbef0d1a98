import { createElement } from "react";
import type { Id, TypeOptions, toast } from "react-toastify";
import { statesBalance } from "../../../lib/toast/balance-toasts";
import { withToast } from "../../../lib/toast/toast";
import { DEPOSIT_TOASTS } from "./deposit-messages";

/**
 * One toast per deposit (design §11): "STK push sent…" appears when the prompt goes out and is then rewritten in
 * place — to the still-confirming note, then to the outcome — so the depositor never reads a stale promise beside
 * its result, and a phone's header is covered by one toast at most per deposit.
 */
function depositToastId(checkoutRequestId: string): Id {
  return `deposit-${checkoutRequestId}`;
}

/** react-toastify's own spinner, as the icon of a toast that still waits for M-Pesa. */
const spinner = () => createElement("div", { className: "Toastify__spinner" });

/**
 * While M-Pesa has not answered: a spinner, and a timer like any other toast, so on a phone it does not cover the
 * name, balance and buttons for as long as the prompt lives. The header's "Awaiting M-Pesa" stays meanwhile, and
 * the outcome comes back as this same toast.
 */
const waiting = {
  type: "info",
  icon: spinner,
  autoClose: 10_000,
  closeButton: true,
  closeOnClick: false,
  draggable: false,
} as const;

export function showPromptSent(checkoutRequestId: string): void {
  withToast((toast) => toast(DEPOSIT_TOASTS.promptSent, { ...waiting, toastId: depositToastId(checkoutRequestId) }));
}

/** A Paybill payment the server holds until M-Pesa's record shows it: no prompt, so its toast starts here. */
export function showPaybillConfirming(checkoutRequestId: string, amountKes: number): void {
  rewrite(checkoutRequestId, DEPOSIT_TOASTS.paybillConfirming(amountKes), waiting);
}

export function showStillConfirming(checkoutRequestId: string): void {
  rewrite(checkoutRequestId, DEPOSIT_TOASTS.stillConfirming, waiting);
}

/**
 * The outcome, with the usual icon of its kind; it closes on its own like any other toast. One that states the new
 * balance goes as soon as the header shows another (lib/toast/balance-toasts.ts).
 */
export function showOutcome(checkoutRequestId: string, text: string, type: TypeOptions, balanceKes?: number): void {
  if (balanceKes !== undefined) statesBalance(depositToastId(checkoutRequestId), balanceKes);
  rewrite(checkoutRequestId, text, {
    type,
    // Explicitly undefined: an update keeps every option it does not name, the spinner included.
    icon: undefined,
    autoClose: 5_000,
    closeButton: true,
    closeOnClick: true,
    draggable: true,
  });
}

type RewriteOptions = Omit<Parameters<typeof toast.update>[1], "render">;

/** Rewrites the deposit's toast, or shows it again if it has closed before the news came. */
function rewrite(checkoutRequestId: string, text: string, options: RewriteOptions): void {
  const id = depositToastId(checkoutRequestId);
  // In order after the toast it rewrites (withToast), so "STK push sent…" is on screen by then, or has closed.
  withToast((toast) => {
    if (toast.isActive(id)) toast.update(id, { ...options, render: text });
    else toast(text, { ...options, toastId: id });
  });
}
