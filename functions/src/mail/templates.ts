import type { MailMessage } from "./mailer.js";

/** The web app's brand green (web/src/components/ui/system.ts, brand.700): white text on it passes WCAG AA. */
const BRAND_GREEN = "#075a30";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * A plain, branded message: the JengaFund name on a green band, the paragraphs, one button, and the link written out
 * as well (some mail apps hide buttons). Inline styles only: mail clients drop style sheets.
 */
function brandedHtml(content: { heading: string; paragraphs: string[]; action: { label: string; url: string } }) {
  const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
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
<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:${BRAND_GREEN};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
${content.paragraphs.slice(1).map(paragraph).join("")}
<p style="margin:0;font-size:13px;color:#555555;line-height:1.5">If the button does not work, open this link:<br><a href="${url}" style="color:${BRAND_GREEN};word-break:break-all">${url}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f4f6f5;font-size:12px;color:#555555">JengaFund · Nairobi, Kenya</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** A branded message: the same paragraphs as plain text (with the link line) and as HTML (with the button). */
function brandedMessage(input: {
  to: string;
  subject: string;
  heading: string;
  intro: string;
  rest: string[];
  action: { label: string; textLabel: string; url: string };
}): MailMessage {
  const text = [
    "JengaFund",
    "",
    input.intro,
    "",
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
