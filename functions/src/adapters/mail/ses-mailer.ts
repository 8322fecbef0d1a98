import type { Mailer } from "./mailer.js";

export interface SesSettings {
  /** A verified SES identity (address or domain), as `JengaFund <no-reply@…>` or the bare address. */
  from: string;
  region: string;
}

/** Amazon SES (API v2). The client is built on the first message, so a bundle that never sends mail does not carry it. */
export function createSesMailer(settings: SesSettings): Mailer {
  let client: Promise<{ send: (message: Parameters<Mailer["send"]>[0]) => Promise<unknown> }> | undefined;
  return {
    async send(message) {
      client ??= import("@aws-sdk/client-sesv2").then(({ SESv2Client, SendEmailCommand }) => {
        const ses = new SESv2Client({ region: settings.region });
        return {
          send: ({ to, subject, text, html, attachments }) =>
            ses.send(
              new SendEmailCommand({
                FromEmailAddress: settings.from,
                Destination: { ToAddresses: [to] },
                Content: {
                  Simple: {
                    Subject: { Data: subject, Charset: "UTF-8" },
                    Body: { Text: { Data: text, Charset: "UTF-8" }, Html: { Data: html, Charset: "UTF-8" } },
                    // SES v2 takes files on simple content and encodes them itself.
                    ...(attachments?.length
                      ? {
                          Attachments: attachments.map((file) => ({
                            FileName: file.fileName,
                            ContentType: file.contentType,
                            ContentDisposition: "ATTACHMENT" as const,
                            ContentTransferEncoding: "BASE64" as const,
                            RawContent: file.content,
                          })),
                        }
                      : {}),
                  },
                },
              }),
            ),
        };
      });
      await (await client).send(message);
    },
  };
}
