/**
 * The mail the API sent, read from MailDev's REST API (`GET /api/email`) as a person reads their inbox. The global
 * setup provides MailDev's address as `mailUrl`.
 */
export interface Mail {
  to: { address: string }[];
  subject: string;
  text: string;
  date: string;
}

/** Which mail counts: to `address` (any case) and, when given, with a subject equal to or matching `subject`. */
export interface MailQuery {
  address: string;
  subject?: string | RegExp;
}

function matches(mail: Mail, { address, subject }: MailQuery): boolean {
  const to = mail.to.some((recipient) => recipient.address.toLowerCase() === address.toLowerCase());
  if (!to || subject === undefined) return to;
  return typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject);
}

/** The matching mail MailDev holds now, oldest first. */
export async function mailsTo(mailUrl: string, query: MailQuery): Promise<Mail[]> {
  const response = await fetch(`${mailUrl.replace("localhost", "127.0.0.1")}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  const all = (await response.json()) as Mail[];
  return all
    .filter((mail) => matches(mail, query))
    .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime());
}

/** Waits up to `timeoutMs` until `count` matching mails have arrived; resolves with all of them, oldest first. */
export async function waitForMails(mailUrl: string, query: MailQuery, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailsTo(mailUrl, query);
    if (found.length >= count) return found;
    if (Date.now() > until) {
      const wanted = query.subject === undefined ? "" : ` with subject ${String(query.subject)}`;
      throw new Error(`${found.length} of ${count} mail(s) to ${query.address}${wanted} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The newest matching mail, waiting up to `timeoutMs` for one to arrive. */
export async function newestMailTo(
  mailUrl: string,
  query: MailQuery,
  timeoutMs = 10_000,
): Promise<Pick<Mail, "subject" | "text">> {
  const found = await waitForMails(mailUrl, query, 1, timeoutMs);
  const newest = found[found.length - 1];
  if (!newest) throw new Error(`no mail to ${query.address}`);
  return { subject: newest.subject, text: newest.text };
}
