/** The suite's MailDev inbox (global-setup.ts), read through MailDev's REST API as a person would read their mail. */
import { inject } from "vitest";
import { type InboxMessage, readInbox } from "../../src/local/mail-inbox.js";
import { eventually } from "./eventually.js";

const inboxUrl = inject("mailInboxUrl");

/** Every message sent to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<InboxMessage[]> {
  const all = await readInbox(inboxUrl);
  return all.filter((message) => message.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits until `address` has received `count` messages, and returns them. */
export function waitForMailsTo(address: string, count = 1): Promise<InboxMessage[]> {
  return eventually(async () => {
    const mails = await mailsTo(address);
    return mails.length >= count ? mails : null;
  });
}

/** The reset link's token, from the plain-text part (the HTML part carries the same link). */
export function resetLinkOf(message: InboxMessage): { url: URL; token: string } {
  const match = message.text.match(/https?:\/\/\S+\/reset-password#token=\S+/);
  if (!match) throw new Error(`no reset link in: ${message.text}`);
  const url = new URL(match[0]);
  return { url, token: new URLSearchParams(url.hash.slice(1)).get("token") ?? "" };
}
