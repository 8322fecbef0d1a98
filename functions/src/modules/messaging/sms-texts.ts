/**
 * The SMS alerts' words (issue: money moves by SMS). Each fits one SMS: at most 160 characters of the GSM 03.38
 * alphabet, where the extension characters (`€ [ ] { } \ ~ ^ |`) take two, and a character outside it would turn the
 * message into UCS-2 and cut it to 70. None carries a balance, a code or the person's name: an SMS is read on a lock
 * screen, by whoever holds the phone. A payout number is shown masked. The one link is a new payout number's block
 * link (design.md §13.2), which can only protect the account: it removes the number and signs every device out.
 */
import { formatAmount, nairobiShortDateTime } from "@jengafund/shared";
import type { MoneyNotificationKind } from "../../kernel/outbox-port.js";
import type { SecurityNoticeKind } from "../../kernel/security-notices.js";

/** The money moves told by SMS: every one the outbox carries. */
export type MoneySmsKind = MoneyNotificationKind;

export interface MoneySmsData {
  amountCents: number;
  /** The M-Pesa receipt, where M-Pesa gave one. */
  receipt?: string;
  /** The payout number, as stored (2547XXXXXXXX). */
  phoneNumber?: string;
  /** Capital returned: the package the investment was in, and whether the capital was trial money. */
  packageName?: string;
  trial?: boolean;
}

/** The longest package name an SMS quotes: the capital alert fits one SMS at the largest amount with it. */
export const SMS_PACKAGE_NAME_MAX = 60;

const SIGN_OFF = "Not you? Contact JengaFund support.";

/** The alert for one money move. */
export function moneySmsText(kind: MoneySmsKind, data: MoneySmsData): string {
  const kes = `KES ${formatAmount(data.amountCents / 100)}`;
  const to = data.phoneNumber ? ` to ${maskPhone(data.phoneNumber)}` : "";
  switch (kind) {
    case "deposit-credited":
      return `JengaFund: ${kes} deposit received${data.receipt ? ` (M-Pesa ${data.receipt})` : ""}. ${SIGN_OFF}`;
    case "withdrawal-requested":
      return `JengaFund: withdrawal of ${kes}${to} requested. ${SIGN_OFF}`;
    case "withdrawal-rejected":
      return `JengaFund: withdrawal of ${kes} was not approved and is back in your wallet.`;
    case "payout-sent":
      return `JengaFund: ${kes} sent${to}${data.receipt ? ` (M-Pesa ${data.receipt})` : ""}. ${SIGN_OFF}`;
    case "payout-failed":
      return `JengaFund: payout of ${kes}${to} failed and is back in your wallet. ${SIGN_OFF}`;
    case "capital-returned": {
      const from = smsPackageName(data.packageName ?? "") || "your investment";
      return data.trial
        ? `JengaFund: ${kes} of trial money from ${from} matured and is back in your account.`
        : `JengaFund: ${kes} capital from ${from} matured and is back in your wallet.`;
    }
  }
}

/**
 * A package name as one SMS can carry it: GSM 03.38 basic characters only (an admin may type any, and one outside
 * would turn the message into 70-character UCS-2), on one line, cut to SMS_PACKAGE_NAME_MAX.
 */
export function smsPackageName(name: string): string {
  const plain = [...name.replace(/\s+/g, " ")]
    .filter((character) => GSM7_BASIC.includes(character))
    .join("")
    .replace(/ +/g, " ")
    .trim();
  return plain.length <= SMS_PACKAGE_NAME_MAX ? plain : `${plain.slice(0, SMS_PACKAGE_NAME_MAX - 3).trimEnd()}...`;
}

/** An admin's credit or debit of the wallet (design.md §13.6). */
export interface BalanceAdjustedSmsData {
  /** Signed: negative for a debit. */
  amountCents: number;
  /** The reason the admin typed (up to 500 characters, anything a keyboard gives). */
  reason: string;
  /** The M-Pesa receipt of an unmatched Paybill payment credited to the account. */
  receipt?: string;
}

/**
 * The alert for an admin's credit or debit: the amount, which way, and the admin's reason, fitted into what is left
 * of the one SMS (cut with "..." when it is longer, its characters outside GSM-7 replaced).
 */
export function balanceAdjustedSmsText({ amountCents, reason, receipt }: BalanceAdjustedSmsData): string {
  const kes = `KES ${formatAmount(Math.abs(amountCents) / 100)}`;
  const moved = amountCents < 0 ? "debited from" : "credited to";
  const head = `JengaFund: ${kes} ${moved} your wallet by an admin${receipt ? ` (M-Pesa ${receipt})` : ""}. Reason: `;
  return head + fitGsm7(reason, SINGLE_SMS_SEPTETS - (gsm7Length(head) ?? SINGLE_SMS_SEPTETS));
}

/** Look-alikes a keyboard or a paste gives, in GSM-7. */
const GSM7_LOOKALIKES: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u00A0": " ",
};

/**
 * `text` as GSM-7 in at most `room` septets: white space runs become one space, look-alikes their GSM-7 forms, any
 * other character outside the alphabet "?", and a text too long is cut at a word where it can be, ending "...".
 */
export function fitGsm7(text: string, room: number): string {
  const plain = [...text.replace(/\s+/g, " ").trim()]
    .map((character) => GSM7_LOOKALIKES[character] ?? (gsm7Length(character) === undefined ? "?" : character))
    .join("");
  if ((gsm7Length(plain) ?? 0) <= room) return plain;
  const ellipsis = "...";
  let cut = "";
  let septets = 0;
  for (const character of plain) {
    const size = gsm7Length(character) ?? 1;
    if (septets + size > room - ellipsis.length) break;
    cut += character;
    septets += size;
  }
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > cut.length / 2 ? cut.slice(0, atWord) : cut).trimEnd()}${ellipsis}`;
}

/** The security notices that are not money moves (design.md §12.2). */
export type SecuritySmsKind = Exclude<SecurityNoticeKind, MoneySmsKind>;

/** What a payout-number notice names: the number (masked), when payouts to it start, the link that blocks it. */
export interface PayoutNumberSmsData {
  phoneNumber?: string;
  usableFrom?: Date;
  blockLink?: string;
}

/**
 * The alert for a security notice: what happened, and whom to call if it was not the owner. No code; no link but a new
 * payout number's block link.
 */
export function securitySmsText(kind: SecuritySmsKind, data: PayoutNumberSmsData = {}): string {
  const number = data.phoneNumber ? maskPhone(data.phoneNumber) : "a number";
  if (kind === "payout-number-proven") {
    // Short, so the link fits one SMS with a web origin of up to about 40 characters.
    const from = data.usableFrom ? ` start ${nairobiShortDateTime(data.usableFrom)}` : " wait a day";
    return `JengaFund: payouts to ${number}${from}. Not you? Block: ${data.blockLink ?? "see your email"}`;
  }
  const happened: Record<Exclude<SecuritySmsKind, "payout-number-proven">, string> = {
    "password-changed": "your password was changed and every device signed out.",
    "two-factor-on": "two-factor sign-in was turned on for your account.",
    "two-factor-off": "two-factor sign-in was turned off for your account.",
    "recovery-code-used": "a recovery code was used to sign in to your account.",
    "second-factor-locked": "too many wrong sign-in codes: code sign-in is paused for a while.",
    "new-browser": "your account was signed in to from a new browser.",
    "payout-number-blocked": `${number} was blocked from your payouts and every device signed out.`,
    "notifications-changed": "your alert settings were changed.",
    "identity-verified": "your identity is verified: the unverified limits no longer apply.",
    "identity-rejected": "we could not verify your identity. See why and try again in Account.",
  };
  // A review's outcome is news the owner asked for, not something done behind their back.
  if (kind === "identity-verified" || kind === "identity-rejected") return `JengaFund: ${happened[kind]}`;
  return `JengaFund: ${happened[kind]} ${SIGN_OFF}`;
}

/** 2547****1149 for 254712341149: the country code and network prefix, and the last four digits (all GSM-7). */
export function maskPhone(phoneNumber: string): string {
  if (phoneNumber.length < 8) return "****";
  return `${phoneNumber.slice(0, 4)}****${phoneNumber.slice(-4)}`;
}

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENSION = "^{}\\[~]|€\f";

/**
 * How many GSM 03.38 septets `text` takes, or undefined when a character is outside the alphabet (the message
 * would go as UCS-2).
 */
export function gsm7Length(text: string): number | undefined {
  let septets = 0;
  for (const character of text) {
    if (GSM7_BASIC.includes(character)) septets += 1;
    else if (GSM7_EXTENSION.includes(character)) septets += 2;
    else return undefined;
  }
  return septets;
}

/** One SMS: 160 septets of GSM 03.38. */
export const SINGLE_SMS_SEPTETS = 160;
