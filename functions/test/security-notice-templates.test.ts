/**
 * The security notices' emails (design.md §12.2), one template family in plain text and HTML: every kind says what
 * happened, when in Nairobi time, from which address, and what to do if it was not the owner; money notices give the
 * amount and a number the owner recognises; none carries a balance, a code or a token. And the notices service: a
 * notice that cannot be sent is logged without the address and counted, and `send` still resolves.
 */
import { describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../src/adapters/mail/mailer.js";
import type { Log, LogDetails, LogLevel } from "../src/kernel/log.js";
import type { UserRecord } from "../src/kernel/records.js";
import type { SecurityNotice, SecurityNoticeKind } from "../src/kernel/security-notices.js";
import {
  maskedPhoneNumber,
  nairobiTimeText,
  SUPPORT_CONTACT,
  securityNoticeEmail,
} from "../src/modules/messaging/mail-templates.js";
import { createSecurityNotices } from "../src/modules/messaging/security-notices-service.js";
import { recordingMetrics } from "./support/metrics.js";

const KINDS: SecurityNoticeKind[] = [
  "withdrawal-requested",
  "payout-sent",
  "payout-failed",
  "password-changed",
  "two-factor-on",
  "two-factor-off",
  "recovery-code-used",
  "second-factor-locked",
  "new-browser",
  "payout-number-blocked",
  "notifications-changed",
];
const MONEY: SecurityNoticeKind[] = ["withdrawal-requested", "payout-sent", "payout-failed"];

/** 26 Nov 2026, 11:05 UTC: 14:05 in Nairobi. */
const AT = new Date("2026-11-26T11:05:00Z");
const WHEN = "26 Nov 2026, 14:05 (Nairobi time)";
const WEB_ORIGIN = "https://app.jengafund.co.ke";

function noticeOf(kind: SecurityNoticeKind, extra: Partial<SecurityNotice> = {}): SecurityNotice {
  return {
    kind,
    userId: "01USER",
    at: AT,
    sourceIp: "41.90.64.12",
    ...(MONEY.includes(kind) ? { amountCents: 123_456, phoneNumber: "254712345678" } : {}),
    ...(kind === "second-factor-locked" ? { lockedUntil: new Date("2026-11-26T11:20:00Z") } : {}),
    ...(kind === "new-browser" ? { userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile" } : {}),
    ...extra,
  };
}

const render = (notice: SecurityNotice) =>
  securityNoticeEmail({ to: "akinyi@example.co.ke", firstName: "Akinyi", notice, webOrigin: WEB_ORIGIN });

describe("the security notice emails", () => {
  it.each(KINDS)("%s: a short subject, what happened, when, from where, and the advice, in text and HTML", (kind) => {
    const mail = render(noticeOf(kind));
    expect(mail.to).toBe("akinyi@example.co.ke");
    expect(mail.subject).toMatch(/^JengaFund: \S/);
    expect(mail.subject.length).toBeLessThanOrEqual(50);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Hello Akinyi, ");
      expect(part).toContain(WHEN);
      expect(part).toContain("41.90.64.12");
      expect(part).toContain(`${WEB_ORIGIN}/forgot-password`);
      expect(part).toContain("Sign out of all devices");
      expect(part).toContain(SUPPORT_CONTACT);
    }
    expect(mail.text).toContain(`When: ${WHEN}`);
    expect(mail.text).toContain("From address: 41.90.64.12");
    expect(mail.html).toContain(`href="${WEB_ORIGIN}/forgot-password"`);
  });

  it("gives each kind a subject of its own", () => {
    const subjects = KINDS.map((kind) => render(noticeOf(kind)).subject);
    expect(new Set(subjects).size).toBe(KINDS.length);
    expect(render(noticeOf("withdrawal-requested")).subject).toBe("JengaFund: a withdrawal was requested");
    expect(render(noticeOf("payout-sent")).subject).toBe("JengaFund: your withdrawal was paid");
    expect(render(noticeOf("payout-failed")).subject).toBe("JengaFund: a withdrawal was not paid");
    expect(render(noticeOf("password-changed")).subject).toBe("JengaFund: your password was changed");
  });

  it.each(MONEY)("%s: the amount in KES with 2 decimals and the number masked to what the owner recognises", (kind) => {
    const mail = render(noticeOf(kind));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("KES 1,234.56");
      expect(part).toContain("07••••5678");
      expect(part).not.toMatch(/0712345678|254712345678|712345678/);
    }
    expect(mail.text).toContain("Amount: KES 1,234.56");
    expect(mail.text).toContain("M-Pesa number: 07••••5678");
  });

  it("says when a locked second factor opens again, and which browser signed in", () => {
    const locked = render(noticeOf("second-factor-locked"));
    expect(locked.text).toContain("Locked until: 26 Nov 2026, 14:20 (Nairobi time)");
    const browser = render(noticeOf("new-browser"));
    expect(browser.text).toContain("Browser: Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile");
  });

  it.each(KINDS)("%s: no balance, no code, no token, no sign-in link", (kind) => {
    const mail = render(noticeOf(kind));
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/balance/i);
      expect(part).not.toMatch(/token=|reset-password\?/);
      // Nothing that looks like a secret: no long run of letters and digits, no 6-digit code (colours aside).
      expect(part).not.toMatch(/[A-Za-z0-9_-]{32,}/);
      expect(part).not.toMatch(/(?<![\d,.#])\d{6}(?![\d,.])/);
    }
  });

  it("names a new payout number masked, when payouts to it start, and leads with the link that blocks it (design.md §13.2)", () => {
    const blockLink = `${WEB_ORIGIN}/block-payout-number?token=Zm9vYmFyYmF6cXV4MTIzNA`;
    const mail = render(
      noticeOf("payout-number-proven", {
        sourceIp: undefined,
        phoneNumber: "254798761234",
        usableFrom: new Date("2026-11-27T11:05:00Z"),
        blockLink,
      }),
    );
    expect(mail.subject).toBe("JengaFund: a new number can receive your payouts");
    expect(mail.text).toContain("M-Pesa number: 07••••1234");
    expect(mail.text).toContain("Payouts to it from: 27 Nov 2026, 14:05 (Nairobi time)");
    expect(mail.text).toContain(`Block this number: ${blockLink}`);
    expect(mail.html).toContain(`href="${blockLink}"`);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/254798761234|0798761234|balance/i);
      expect(part).toContain(`${WEB_ORIGIN}/forgot-password`);
    }
    const blocked = render(noticeOf("payout-number-blocked", { phoneNumber: "254798761234" }));
    expect(blocked.text).toContain("07••••1234 was blocked");
    expect(blocked.text).toContain("has been signed out");
  });

  it("leaves the address out when the notice has none (M-Pesa's results come from no one's browser)", () => {
    const mail = render(noticeOf("payout-sent", { sourceIp: undefined }));
    expect(mail.text).not.toContain("From address");
    expect(mail.text).toContain(`When: ${WHEN}`);
  });

  it("escapes what a caller wrote (the User-Agent) in the HTML part, and keeps it to one short line", () => {
    const hostile = `<script>alert(1)</script>\r\nBcc: someone@example.com ${"x".repeat(300)}`;
    const mail = render(noticeOf("new-browser", { userAgent: hostile }));
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    const line = mail.text.split("\n").find((l) => l.startsWith("Browser: "));
    expect(line).toBeDefined();
    expect(line?.length).toBeLessThanOrEqual("Browser: ".length + 160);
    expect(mail.text).not.toMatch(/^Bcc:/m);
  });

  it("tells Nairobi time across the day boundary, and masks any form of a number", () => {
    expect(nairobiTimeText(new Date("2026-12-31T21:30:00Z"))).toBe("1 Jan 2027, 00:30 (Nairobi time)");
    expect(maskedPhoneNumber("254112345678")).toBe("01••••5678");
    expect(maskedPhoneNumber("0712345678")).toBe("07••••5678");
    expect(maskedPhoneNumber("12345")).toBe("••••2345");
  });
});

/** A log port that keeps its lines. */
function recordingLog(): Log & { lines: { level: LogLevel; message: string; details?: LogDetails }[] } {
  const lines: { level: LogLevel; message: string; details?: LogDetails }[] = [];
  const log = ((level, message, details) => {
    lines.push({ level, message, ...(details ? { details } : {}) });
  }) as Log & { lines: typeof lines };
  log.lines = lines;
  return log;
}

const OWNER = { id: "01OWNER", email: "wanjiru.kamau@example.co.ke", firstName: "Wanjiru" } as UserRecord;
const users = { getUser: async (id: string) => (id === OWNER.id ? OWNER : null) };

describe("the notices service", () => {
  it("mails the owner, reading the address and first name from the account", async () => {
    const sent: MailMessage[] = [];
    const metrics = recordingMetrics();
    const notices = createSecurityNotices({
      mailer: () => ({ send: async (message) => void sent.push(message) }),
      users,
      log: recordingLog(),
      metrics,
      webOrigin: WEB_ORIGIN,
    });
    await notices.send(noticeOf("password-changed", { userId: OWNER.id }));
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ["wanjiru.kamau@example.co.ke", "JengaFund: your password was changed"],
    ]);
    expect(sent[0]?.text).toContain("Hello Wanjiru, ");
    expect(metrics.total("SecurityNoticesFailed")).toBe(0);
  });

  it("resolves when the mailer fails: logged without the address, counted by kind", async () => {
    const log = recordingLog();
    const metrics = recordingMetrics();
    const failing: Mailer = {
      send: async (message) => {
        throw new Error(`Email address is not verified. The following identities failed the check: ${message.to}`);
      },
    };
    const notices = createSecurityNotices({ mailer: () => failing, users, log, metrics, webOrigin: WEB_ORIGIN });
    await expect(notices.send(noticeOf("payout-sent", { userId: OWNER.id }))).resolves.toBeUndefined();
    expect(metrics.total("SecurityNoticesFailed")).toBe(1);
    expect(metrics.reasons("SecurityNoticesFailed")).toEqual(["payout-sent"]);
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: "error",
        message: "Security notice not sent",
        details: expect.objectContaining({ kind: "payout-sent", userId: OWNER.id }),
      }),
    ]);
    const written = JSON.stringify(log.lines);
    expect(written).not.toContain("wanjiru.kamau@");
    expect(written).toContain("w***@example.co.ke");
  });

  it("resolves when there is no account to tell, and counts it", async () => {
    const metrics = recordingMetrics();
    const notices = createSecurityNotices({
      mailer: () => ({ send: async () => {} }),
      users,
      log: recordingLog(),
      metrics,
      webOrigin: WEB_ORIGIN,
    });
    await notices.send(noticeOf("two-factor-off", { userId: "01GONE" }));
    expect(metrics.reasons("SecurityNoticesFailed")).toEqual(["two-factor-off"]);
  });

  it("gives up on a mailer that hangs after timeoutMs, so the action it reports is not held up", async () => {
    const metrics = recordingMetrics();
    const notices = createSecurityNotices({
      mailer: () => ({ send: () => new Promise<void>(() => {}) }),
      users,
      log: recordingLog(),
      metrics,
      webOrigin: WEB_ORIGIN,
      timeoutMs: 50,
    });
    const started = Date.now();
    await notices.send(noticeOf("new-browser", { userId: OWNER.id, to: { email: "x@example.co.ke", firstName: "X" } }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(metrics.reasons("SecurityNoticesFailed")).toEqual(["new-browser"]);
  });
});
