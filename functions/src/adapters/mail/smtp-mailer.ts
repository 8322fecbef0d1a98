import type { Mailer } from "./mailer.js";

export interface SmtpSettings {
  host: string;
  port: number;
  /** `JengaFund <no-reply@…>`. */
  from: string;
}

/**
 * SMTP through nodemailer: MailDev's inbox locally (no TLS, no login). nodemailer is loaded on the first message, so
 * a bundle that never sends mail does not carry it.
 */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport({ host: settings.host, port: settings.port, secure: false, ignoreTLS: true }),
      );
      const { attachments, ...rest } = message;
      await (await transport).sendMail({
        from: settings.from,
        ...rest,
        ...(attachments?.length
          ? {
              attachments: attachments.map((file) => ({
                filename: file.fileName,
                contentType: file.contentType,
                content: Buffer.from(file.content),
              })),
            }
          : {}),
      });
    },
  };
}
