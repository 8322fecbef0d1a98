/**
 * The mailer port: the services hand it a finished message and know nothing of how it travels. Locally it is SMTP to
 * MailDev (smtp-mailer.ts), in AWS Amazon SES (ses-mailer.ts); the composition root picks one from the configuration.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part, complete on its own. */
  text: string;
  /** The HTML part, the same content with the brand's look. */
  html: string;
  /** Files sent with the message (a statement's PDF). */
  attachments?: MailAttachment[];
}

/** A file attached to a message: the name the recipient sees, its MIME type and its bytes. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
