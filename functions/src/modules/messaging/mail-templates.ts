import { type BalanceKind, centsToKes, formatKes, monthName, nairobiWallClock } from "@jengafund/shared";
import type { MailMessage } from "../../adapters/mail/mailer.js";
import type { MoneyNotificationKind } from "../../kernel/outbox-port.js";
import type { SecurityNotice, SecurityNoticeKind } from "../../kernel/security-notices.js";

/** The web app's brand green (web/src/components/ui/system.ts, brand.700): white text on it passes WCAG AA. */
const BRAND_GREEN = "#075a30";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * A plain, branded message: the JengaFund name on a green band, the paragraphs, one button, and the link written out
 * as well (some mail apps hide buttons). Inline styles only: mail clients drop style sheets.
 */
function brandedHtml(content: {
  heading: string;
  paragraphs: string[];
  details?: MessageDetail[];
  action: { label: string; url: string };
}) {
  const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const detailRow = ([label, value]: MessageDetail) =>
    `<tr><th scope="row" align="left" style="padding:4px 16px 4px 0;font-weight:bold;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;word-break:break-word">${escapeHtml(value)}</td></tr>`;
  const details = content.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;line-height:1.5">${content.details.map(detailRow).join("")}</table>\n`
    : "";
  const url = escapeHtml(content.action.url);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND_GREEN};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:bold">JengaFund</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.slice(0, 1).map(paragraph).join("")}
${details}<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:${BRAND_GREEN};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
${content.paragraphs.slice(1).map(paragraph).join("")}
<p style="margin:0;font-size:13px;color:#555555;line-height:1.5">If the button does not work, open this link:<br><a href="${url}" style="color:${BRAND_GREEN};word-break:break-all">${url}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f4f6f5;font-size:12px;color:#555555">JengaFund · Nairobi, Kenya</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** A labelled fact under the first paragraph (`When`, `From address`…): a table row in HTML, `Label: value` in text. */
type MessageDetail = readonly [label: string, value: string];

/** A branded message: the same paragraphs as plain text (with the link line) and as HTML (with the button). */
function brandedMessage(input: {
  to: string;
  subject: string;
  heading: string;
  intro: string;
  details?: MessageDetail[];
  rest: string[];
  action: { label: string; textLabel: string; url: string };
}): MailMessage {
  const details = input.details?.length ? [...input.details.map(([label, value]) => `${label}: ${value}`), ""] : [];
  const text = [
    "JengaFund",
    "",
    input.intro,
    "",
    ...details,
    `${input.action.textLabel}: ${input.action.url}`,
    "",
    ...input.rest.flatMap((line) => [line, ""]),
    "JengaFund · Nairobi, Kenya",
  ].join("\n");
  return {
    to: input.to,
    subject: input.subject,
    text,
    html: brandedHtml({
      heading: input.heading,
      paragraphs: [input.intro, ...input.rest],
      ...(input.details ? { details: input.details } : {}),
      action: { label: input.action.label, url: input.action.url },
    }),
  };
}

/** The password reset email: a single-use link to /reset-password, valid `validMinutes`. */
export function passwordResetEmail(input: {
  to: string;
  firstName: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const subject = "Reset your JengaFund password";
  const intro = `Hello ${input.firstName}, we received a request to reset the password of your JengaFund account. Choose a new password with the link below.`;
  const rest = [
    `The link works once and expires in ${input.validMinutes} minutes. Once you set a new password, every device signed in to your account is signed out.`,
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ];
  return brandedMessage({
    to: input.to,
    subject,
    heading: "Reset your password",
    intro,
    rest,
    action: { label: "Choose a new password", textLabel: "Reset your password", url: input.link },
  });
}

/**
 * The sign-in link of an account past its day's failed passwords (design.md §13.4): with the password, it signs in.
 * Said plainly that someone has been guessing, so the owner can change a password that may be known.
 */
export function signInLinkEmail(input: {
  to: string;
  firstName: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  return brandedMessage({
    to: input.to,
    subject: "Your JengaFund sign-in link",
    heading: "Sign in with this link",
    intro: `Hello ${input.firstName}, your JengaFund account has had very many wrong passwords today, so for the rest of the day your password alone does not sign you in. Open the link below and enter your password to sign in.`,
    rest: [
      `The link works once and expires in ${input.validMinutes} minutes. If it has expired, sign in again and we will email a new one.`,
      'If you were not trying to sign in, someone may be guessing your password: nobody can sign in without this email. Consider choosing a new password with "Forgot password" on the sign-in page.',
    ],
    action: { label: "Sign in", textLabel: "Sign in", url: input.link },
  });
}

/** A new admin's email (design.md §12.1): what the account is, the link to set a password, the second factor needed. */
export function adminWelcomeEmail(input: {
  to: string;
  firstName: string;
  link: string;
  expiresAt: Date;
  validHours: number;
}): MailMessage {
  const subject = "Your JengaFund admin account";
  const intro = `Hello ${input.firstName}, an operator has created a JengaFund admin account for ${input.to}. Choose its password with the link below.`;
  const rest = [
    `The link works once and expires in ${input.validHours} hours (${input.expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC). If it has expired, use "Forgot password" on the sign-in page.`,
    "Once signed in, turn on two-factor sign-in under Account → Security: the admin console needs it.",
    "If you did not expect this, ignore this email and tell the JengaFund operations team.",
  ];
  return brandedMessage({
    to: input.to,
    subject,
    heading: "Your admin account",
    intro,
    rest,
    action: { label: "Set your password", textLabel: "Set your password", url: input.link },
  });
}

/** The support contacts the site's footer gives (web/src/components/layout/site-footer.tsx). */
export const SUPPORT_CONTACT = "support@jengafund.example or +254 700 000 000";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 2026-11-26T11:05Z → "26 Nov 2026, 14:05 (Nairobi time)": investors read Kenyan time, whatever the server's zone. */
export function nairobiTimeText(at: Date): string {
  const wall = nairobiWallClock(at);
  const month = MONTHS[Number(wall.slice(5, 7)) - 1] ?? wall.slice(5, 7);
  return `${Number(wall.slice(8, 10))} ${month} ${wall.slice(0, 4)}, ${wall.slice(11, 16)} (Nairobi time)`;
}

/**
 * 254712345678 → "07••••5678": the local form the owner knows, with its first two and last four digits, enough to
 * recognise their own number and too little for anyone else to use it.
 */
export function maskedPhoneNumber(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, "");
  const local = /^254[17]\d{8}$/.test(digits) ? `0${digits.slice(3)}` : digits;
  return local.length >= 10 ? `${local.slice(0, 2)}••••${local.slice(-4)}` : `••••${local.slice(-4)}`;
}

/** A browser's User-Agent as the notice shows it: one line, at most 160 characters (it is the caller's text). */
const oneLine = (text: string) =>
  text
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, 160);

const MONEY_KINDS: ReadonlySet<SecurityNoticeKind> = new Set(["withdrawal-requested", "payout-sent", "payout-failed"]);

/** What each kind says: the subject, the heading, and what happened (after "Hello <name>, "). */
function noticeWording(notice: SecurityNotice, money: { amount: string; number: string }) {
  const lockedUntil = notice.lockedUntil ? nairobiTimeText(notice.lockedUntil) : "later";
  const usableFrom = notice.usableFrom ? nairobiTimeText(notice.usableFrom) : "a day after it was added";
  const wording: Record<SecurityNoticeKind, { subject: string; heading: string; happened: string; note?: string }> = {
    "withdrawal-requested": {
      subject: "JengaFund: a withdrawal was requested",
      heading: "A withdrawal was requested",
      happened: `a withdrawal of ${money.amount} to the M-Pesa number ${money.number} was requested from your JengaFund account.`,
      note: "Nothing is paid until a JengaFund admin has checked the withdrawal.",
    },
    "payout-sent": {
      subject: "JengaFund: your withdrawal was paid",
      heading: "Your withdrawal was paid",
      happened: `${money.amount} from your JengaFund wallet was sent to the M-Pesa number ${money.number}.`,
    },
    "payout-failed": {
      subject: "JengaFund: a withdrawal was not paid",
      heading: "A withdrawal was not paid",
      happened: `the withdrawal of ${money.amount} to the M-Pesa number ${money.number} was not paid, and the amount is back in your JengaFund wallet.`,
      note: "Your list of withdrawals on JengaFund says why.",
    },
    "password-changed": {
      subject: "JengaFund: your password was changed",
      heading: "Your password was changed",
      happened: "the password of your JengaFund account was changed.",
      note: "Every device that was signed in to your account has been signed out.",
    },
    "two-factor-on": {
      subject: "JengaFund: two-factor sign-in was turned on",
      heading: "Two-factor sign-in was turned on",
      happened:
        "two-factor sign-in was turned on for your JengaFund account: signing in now asks for a code from an authenticator app as well as the password.",
      note: "If it was not you, someone who knows your password may have linked their own app: tell support, who can remove it.",
    },
    "two-factor-off": {
      subject: "JengaFund: two-factor sign-in was turned off",
      heading: "Two-factor sign-in was turned off",
      happened:
        "two-factor sign-in was turned off for your JengaFund account: signing in now asks for the password alone.",
    },
    "recovery-code-used": {
      subject: "JengaFund: a recovery code was used to sign in",
      heading: "A recovery code was used",
      happened:
        "one of your recovery codes was used in place of an authenticator code to sign in to your JengaFund account.",
      note: 'That code no longer works. For a fresh set, choose "Regenerate" on the Security tile of your Account page.',
    },
    "second-factor-locked": {
      subject: "JengaFund: two-factor sign-in is locked",
      heading: "Two-factor sign-in is locked",
      happened: `too many wrong two-factor codes were entered for your JengaFund account, so signing in with a code is paused until ${lockedUntil}.`,
      note: "Whoever entered them already knew your password.",
    },
    "new-browser": {
      subject: "JengaFund: a sign-in from a new browser",
      heading: "A sign-in from a new browser",
      happened: "your JengaFund account was signed in to from a browser it had not been used from before.",
    },
    "payout-number-proven": {
      subject: "JengaFund: a new number can receive your payouts",
      heading: "A new payout number",
      happened: `an M-Pesa deposit from ${money.number} was made to your JengaFund account, so withdrawals can be paid to that number from ${usableFrom}.`,
    },
    "payout-number-blocked": {
      subject: "JengaFund: a payout number was blocked",
      heading: "A payout number was blocked",
      happened: `the M-Pesa number ${money.number} was blocked: no withdrawal will be paid to it.`,
      note: "Every device that was signed in to your account has been signed out. Whoever added that number knows your password: choose a new one.",
    },
    "notifications-changed": {
      subject: "JengaFund: your alert settings were changed",
      heading: "Your alert settings were changed",
      happened: "the SMS and email alerts of your JengaFund account were changed.",
      note: "Security alerts like this one cannot be turned off.",
    },
    "identity-verified": {
      subject: "JengaFund: your identity is verified",
      heading: "Your identity is verified",
      happened: "your identity documents were checked and your JengaFund account is now verified.",
      note: "The limits for unverified accounts no longer apply: you may deposit and withdraw up to M-Pesa's own limits.",
    },
    "identity-rejected": {
      subject: "JengaFund: we could not verify your identity",
      heading: "We could not verify your identity",
      happened: `the identity documents you sent could not be accepted. The reviewer said: "${oneLine(notice.reason ?? "")}"`,
      note: "You can send them again from Account → Verify identity.",
    },
  };
  return wording[notice.kind];
}

/**
 * A security notice (design.md §12.2): what happened, when (Nairobi time), from which address, the amount and the
 * masked number of a money notice, and what to do if it was not the owner. Never a balance, a code or a link that
 * signs anyone in: the only link is to the forgot-password page.
 */
export function securityNoticeEmail(input: {
  to: string;
  firstName: string;
  notice: SecurityNotice;
  webOrigin: string;
}): MailMessage {
  const { notice } = input;
  const money = MONEY_KINDS.has(notice.kind);
  const amount = formatKes(centsToKes(notice.amountCents ?? 0));
  const number = maskedPhoneNumber(notice.phoneNumber ?? "");
  const wording = noticeWording(notice, { amount, number });
  const forgotPassword = `${input.webOrigin.replace(/\/+$/, "")}/forgot-password`;

  const details: MessageDetail[] = [["When", nairobiTimeText(notice.at)]];
  if (notice.sourceIp) details.push(["From address", notice.sourceIp]);
  if (money && notice.amountCents !== undefined) details.push(["Amount", amount]);
  if (money && notice.phoneNumber) details.push(["M-Pesa number", number]);
  if (notice.kind === "second-factor-locked" && notice.lockedUntil) {
    details.push(["Locked until", nairobiTimeText(notice.lockedUntil)]);
  }
  if (notice.kind === "new-browser" && notice.userAgent) details.push(["Browser", oneLine(notice.userAgent)]);
  if (notice.kind.startsWith("payout-number-") && notice.phoneNumber) details.push(["M-Pesa number", number]);
  if (notice.kind === "payout-number-proven" && notice.usableFrom) {
    details.push(["Payouts to it from", nairobiTimeText(notice.usableFrom)]);
  }

  const opening = {
    to: input.to,
    subject: wording.subject,
    heading: wording.heading,
    intro: `Hello ${input.firstName}, ${wording.happened}`,
    details,
  };
  // A new payout number's notice leads with its block link (design.md §13.2): the one step that stops a thief.
  if (notice.kind === "payout-number-proven" && notice.blockLink) {
    return brandedMessage({
      ...opening,
      rest: [
        "If this is your phone, there is nothing more to do.",
        "If it is not, someone who knows your password made it a payout number: block it with the link above. It is removed from your payout numbers and every device is signed out. The link works once, for 7 days.",
        `Then reset your password at ${forgotPassword}, and contact JengaFund support at ${SUPPORT_CONTACT}.`,
      ],
      action: { label: "Not your phone? Block this number", textLabel: "Block this number", url: notice.blockLink },
    });
  }

  // A review's outcome is news, not an alarm: what happened and where to go next.
  if (notice.kind === "identity-verified" || notice.kind === "identity-rejected") {
    const verify = `${input.webOrigin.replace(/\/+$/, "")}/dashboard/account`;
    return brandedMessage({
      ...opening,
      rest: [...(wording.note ? [wording.note] : []), `Questions? Contact JengaFund support at ${SUPPORT_CONTACT}.`],
      action: { label: "Open your account", textLabel: "Open your account", url: verify },
    });
  }

  const yours =
    notice.kind === "second-factor-locked"
      ? "If it was you, try again after that time."
      : money
        ? "If you asked for this withdrawal, there is nothing more to do."
        : "If this was you, there is nothing more to do.";
  return brandedMessage({
    ...opening,
    rest: [
      ...(wording.note ? [wording.note] : []),
      yours,
      "If it was not you, act now:",
      `1. Reset your password at ${forgotPassword}: a new password signs every device out.`,
      '2. Sign in again and choose "Sign out of all devices" on the Security tile of your Account page.',
      `3. Contact JengaFund support at ${SUPPORT_CONTACT}${money ? " and say which withdrawal it is" : ""}.`,
    ],
    action: { label: "Not you? Reset your password", textLabel: "Not you? Reset your password", url: forgotPassword },
  });
}

/** "2026-10-31" → "31 Oct 2026", as the notices write a day. */
const dayText = (day: string) =>
  `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/**
 * The monthly statement email (issue 23): the month, its period in Nairobi days, the wallet's opening and closing
 * balances, and the statement itself as the PDF a download of the same period gives, under the same file name.
 */
export function monthlyStatementEmail(input: {
  to: string;
  firstName: string;
  /** `YYYY-MM`. */
  month: string;
  fromDay: string;
  toDay: string;
  openingCents: number;
  closingCents: number;
  pdf: Uint8Array;
  webOrigin: string;
}): MailMessage {
  const month = monthName(input.month);
  const account = `${input.webOrigin.replace(/\/+$/, "")}/dashboard/account`;
  const message = brandedMessage({
    to: input.to,
    subject: `Your JengaFund statement for ${month}`,
    heading: `Your statement for ${month}`,
    intro: `Hello ${input.firstName}, your JengaFund statement for ${month} is attached as a PDF: every movement of your wallet in the month, with its running balance.`,
    details: [
      ["Period", `${dayText(input.fromDay)} – ${dayText(input.toDay)} (Nairobi time)`],
      ["Opening balance", formatKes(centsToKes(input.openingCents))],
      ["Closing balance", formatKes(centsToKes(input.closingCents))],
    ],
    rest: [
      "Demo money from the trial, if you have any, is shown apart in the PDF and is not part of these balances.",
      "You can download a statement for any period, or stop this monthly email, under Account on JengaFund.",
      `Questions about your statement? Contact JengaFund support at ${SUPPORT_CONTACT}.`,
    ],
    action: { label: "Open your account", textLabel: "Your account", url: account },
  });
  return {
    ...message,
    attachments: [
      {
        fileName: `jengafund-statement-${input.fromDay}-${input.toDay}.pdf`,
        contentType: "application/pdf",
        content: input.pdf,
      },
    ],
  };
}

/**
 * The email of a money move. A withdrawal requested, paid or not paid reads as its security notice always has; an
 * admin's rejection reads as a withdrawal not paid, without the admin's address. A deposit credited says how much,
 * when and with which M-Pesa receipt, and leads to the account's wallet.
 */
export function moneyNoticeEmail(input: {
  to: string;
  firstName: string;
  kind: MoneyNotificationKind;
  at: Date;
  amountCents: number;
  phoneNumber?: string;
  receipt?: string;
  sourceIp?: string;
  /** Capital returned: the package, and the balance the capital went back to. */
  packageName?: string;
  balance?: BalanceKind;
  webOrigin: string;
}): MailMessage {
  if (input.kind === "capital-returned") return capitalReturnedEmail(input);
  if (input.kind !== "deposit-credited") {
    return securityNoticeEmail({
      to: input.to,
      firstName: input.firstName,
      webOrigin: input.webOrigin,
      notice: {
        kind: input.kind === "withdrawal-rejected" ? "payout-failed" : input.kind,
        userId: "",
        at: input.at,
        amountCents: input.amountCents,
        ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
        ...(input.kind === "withdrawal-requested" && input.sourceIp ? { sourceIp: input.sourceIp } : {}),
      },
    });
  }
  const amount = formatKes(centsToKes(input.amountCents));
  const details: MessageDetail[] = [
    ["When", nairobiTimeText(input.at)],
    ["Amount", amount],
  ];
  if (input.receipt) details.push(["M-Pesa receipt", input.receipt]);
  const wallet = `${input.webOrigin.replace(/\/+$/, "")}/dashboard/account`;
  return brandedMessage({
    to: input.to,
    subject: "JengaFund: your deposit was received",
    heading: "Your deposit was received",
    intro: `Hello ${input.firstName}, ${amount} from M-Pesa was credited to your JengaFund wallet.`,
    details,
    rest: [
      "You can invest it or withdraw it from your account.",
      `If you did not make this deposit, contact JengaFund support at ${SUPPORT_CONTACT}.`,
    ],
    action: { label: "Open your account", textLabel: "Open your account", url: wallet },
  });
}

/**
 * An investment matured and its capital is back (design.md §13.6): how much, from which investment, into which
 * balance, and that its daily rewards have stopped. Trial capital is said to be trial money, which never leaves.
 */
function capitalReturnedEmail(input: {
  to: string;
  firstName: string;
  at: Date;
  amountCents: number;
  packageName?: string;
  balance?: BalanceKind;
  webOrigin: string;
}): MailMessage {
  const amount = formatKes(centsToKes(input.amountCents));
  const trial = input.balance === "trial";
  const investment = input.packageName ?? "your investment";
  const details: MessageDetail[] = [
    ["When", nairobiTimeText(input.at)],
    ["Investment", investment],
    ["Amount", amount],
    ["Returned to", trial ? "Trial balance (demo money)" : "Wallet balance"],
  ];
  return brandedMessage({
    to: input.to,
    subject: "JengaFund: your capital is back",
    heading: "Your capital is back",
    intro: trial
      ? `Hello ${input.firstName}, your trial investment in ${investment} matured: the ${amount} of trial money you invested is back in your trial balance.`
      : `Hello ${input.firstName}, your investment in ${investment} matured: the ${amount} you invested is back in your JengaFund wallet.`,
    details,
    rest: [
      trial
        ? "Its daily rewards have stopped. Trial money is for trying JengaFund: you can invest it again, but it can never be withdrawn."
        : "Its daily rewards have stopped. You can invest the money again or withdraw it from your account.",
    ],
    action: {
      label: "See your investments",
      textLabel: "See your investments",
      url: `${input.webOrigin.replace(/\/+$/, "")}/dashboard/investments`,
    },
  });
}

/**
 * The email of an admin's credit or debit of the wallet (design.md §13.6): how much, which way, when, and the reason
 * the admin typed (with the M-Pesa receipt of an unmatched payment credited to the account), leading to the wallet.
 */
export function balanceAdjustedEmail(input: {
  to: string;
  firstName: string;
  at: Date;
  /** Signed: negative for a debit. */
  amountCents: number;
  reason: string;
  receipt?: string;
  webOrigin: string;
}): MailMessage {
  const debit = input.amountCents < 0;
  const amount = formatKes(centsToKes(Math.abs(input.amountCents)));
  const details: MessageDetail[] = [
    ["When", nairobiTimeText(input.at)],
    ["Amount", amount],
    ["Reason", input.reason],
  ];
  if (input.receipt) details.push(["M-Pesa receipt", input.receipt]);
  const wallet = `${input.webOrigin.replace(/\/+$/, "")}/dashboard/account`;
  return brandedMessage({
    to: input.to,
    subject: debit ? "JengaFund: your wallet was debited" : "JengaFund: your wallet was credited",
    heading: debit ? "Your wallet was debited" : "Your wallet was credited",
    intro: `Hello ${input.firstName}, ${amount} was ${debit ? "debited from" : "credited to"} your JengaFund wallet by an admin.`,
    details,
    rest: [
      "It shows in your transaction history and on your statement.",
      `If you have a question about it, contact JengaFund support at ${SUPPORT_CONTACT}.`,
    ],
    action: { label: "Open your account", textLabel: "Open your account", url: wallet },
  });
}
