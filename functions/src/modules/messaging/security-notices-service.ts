import type { Mailer } from "../../adapters/mail/mailer.js";
import type { Log } from "../../kernel/log.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { type OutboxRepository, outboxEventId } from "../../kernel/outbox-port.js";
import type { UserReader } from "../../kernel/records.js";
import type { SecurityNotice, SecurityNotices } from "../../kernel/security-notices.js";
import { securityNoticeEmail } from "./mail-templates.js";

export interface SecurityNoticeDeps {
  /** Built on first use, so building the service loads no mail client. */
  mailer: () => Mailer;
  /** Where the owner's email and first name are read when the notice does not carry them. */
  users: UserReader;
  log: Log;
  metrics: MetricsPort;
  /** The web app's origin: the notice links to `<webOrigin>/forgot-password`. */
  webOrigin: string;
  /**
   * Where the notice's SMS goes: an outbox event (its email already sent here) that the notifications module sends
   * by SMS, as it sends the money moves'. Without it, email only.
   */
  sms?: { outbox: Pick<OutboxRepository, "put">; newId: () => string };
  /**
   * How long a send may hold up the action it reports (default 5 s). Past it the notice counts as failed and the
   * action carries on; the mailer may still deliver it.
   */
  timeoutMs?: number;
}

/** A notice that could not be sent, and why. */
class NoticeNotSentError extends Error {
  override name = "NoticeNotSentError";
}

/** `jane.doe@example.co.ke` → `j***@example.co.ke`: a mail error may quote the address, and logs must not. */
const maskEmails = (text: string) =>
  text.replace(
    /([^\s<>"'@:;,]{1,64})@([\w-]+(?:\.[\w-]+)+)/g,
    (_, local: string, domain: string) => `${local.slice(0, 1)}***@${domain}`,
  );

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return maskEmails(text).slice(0, 500);
}

/**
 * Security notices by email (design.md §12.2), through the same mailer as the password reset link: SMTP to MailDev
 * locally, SES in AWS. `send` never rejects: a missing account, a mailer error or a send slower than `timeoutMs` is
 * logged (the user's id and the kind, never the address) and counted as SecurityNoticesFailed, by kind.
 */
export function createSecurityNotices(deps: SecurityNoticeDeps): SecurityNotices {
  const { mailer, users, log, metrics, webOrigin, sms, timeoutMs = 5_000 } = deps;

  /** A notice that did not go: logged with the user's id and the kind (never the address), and counted by kind. */
  function failed(notice: SecurityNotice, message: string, error: unknown): void {
    metrics.count("SecurityNoticesFailed", notice.kind);
    log("error", message, { kind: notice.kind, userId: notice.userId, error: describe(error) });
  }

  async function recipient(notice: SecurityNotice) {
    if (notice.to) return notice.to;
    const user = await users.getUser(notice.userId);
    if (!user) throw new NoticeNotSentError("No account to send it to");
    return { email: user.email, firstName: user.firstName };
  }

  async function mail(notice: SecurityNotice) {
    const to = await recipient(notice);
    await mailer().send(securityNoticeEmail({ to: to.email, firstName: to.firstName, notice, webOrigin }));
  }

  /** The SMS, as an outbox event; a failure to write it is logged and counted like a mail's, and fails nothing. */
  async function textMessage(notice: SecurityNotice) {
    if (!sms) return;
    try {
      await sms.outbox.put({
        id: outboxEventId(notice.kind, sms.newId()),
        kind: notice.kind,
        userId: notice.userId,
        createdAt: notice.at.toISOString(),
        emailSentDirectly: true,
        data: {
          ...(notice.sourceIp ? { sourceIp: notice.sourceIp } : {}),
          ...(notice.userAgent ? { userAgent: notice.userAgent } : {}),
          ...(notice.lockedUntil ? { lockedUntil: notice.lockedUntil.toISOString() } : {}),
        },
      });
    } catch (error) {
      failed(notice, "Security notice SMS not queued", error);
    }
  }

  const deliver = (notice: SecurityNotice) => Promise.all([mail(notice), textMessage(notice)]);

  return {
    async send(notice) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          deliver(notice),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new NoticeNotSentError(`Not sent within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        log("info", "Security notice sent", { kind: notice.kind, userId: notice.userId });
      } catch (error) {
        failed(notice, "Security notice not sent", error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
