/**
 * MailDev, the local stand-in for a real inbox: an SMTP server the SMTP mailer delivers to, and a web inbox with a
 * REST API (MailDev 3 serves it under /api: `GET /api/email` lists the messages). Dev and test only.
 */
import { MailDev } from "maildev";

export interface LocalMailInbox {
  smtpPort: number;
  /** The web inbox; its REST API is under `/api`. */
  webUrl: string;
  stop(): Promise<void>;
}

/** One message as MailDev's REST API lists it (the fields the tests and the dev tooling read). */
export interface InboxMessage {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  text: string;
  html: string;
  time: string;
}

export async function startMailInbox(ports: { smtp: number; web: number }): Promise<LocalMailInbox> {
  // In memory: a restart of `npm start` begins with an empty inbox (MailDev restores mail only from a mail directory).
  const maildev = new MailDev({ smtp: ports.smtp, web: ports.web, ip: "127.0.0.1", webIp: "127.0.0.1", silent: true });
  await maildev.start();
  return {
    smtpPort: ports.smtp,
    webUrl: `http://localhost:${ports.web}`,
    stop: () => maildev.stop(),
  };
}

/** Every message in the inbox, oldest first. */
export async function readInbox(webUrl: string): Promise<InboxMessage[]> {
  const response = await fetch(`${webUrl.replace("localhost", "127.0.0.1")}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}
