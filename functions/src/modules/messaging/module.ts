/** The messaging module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { sendSms } from "../../adapters/africas-talking/sms.js";
import { createSesMailer } from "../../adapters/mail/ses-mailer.js";
import { createSmtpMailer } from "../../adapters/mail/smtp-mailer.js";
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { config, loadSecret } from "../../kernel/config.js";
import { createDynamoOutboxRepository } from "../../kernel/dynamo/outbox.js";
import { createDynamoUserReader } from "../../kernel/dynamo/user-reader.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import { createNotifications } from "./notifications-service.js";
import { createSecurityNotices } from "./security-notices-service.js";

/** The accounts notices and alerts are about: read by id, nothing else of the accounts. */
const userReader = /* @__PURE__ */ once(() => createDynamoUserReader());

/**
 * How mail leaves, by configuration: SMTP (MailDev) locally, Amazon SES in AWS. Only the routes and event functions
 * that send mail (the reset link, security notices: the routes flagged `mail` in shared/src/api/routes.ts) call it,
 * so no other bundle carries either client.
 */
export const mailer = /* @__PURE__ */ once(() => {
  const env = config();
  return env.MAILER === "smtp"
    ? createSmtpMailer({ host: env.SMTP_HOST, port: env.SMTP_PORT, from: env.MAIL_FROM })
    : createSesMailer({ from: env.MAIL_FROM, region: env.AWS_REGION });
});

/** Security notices by email (design.md §12.2), for every service that reports something to an account's owner. */
export const securityNotices = /* @__PURE__ */ once(() =>
  createSecurityNotices({
    mailer,
    users: userReader(),
    log,
    metrics,
    webOrigin: config().WEB_ORIGIN,
    // Their SMS go through the notifications module, from an outbox event each (their email is sent here).
    sms: { outbox: outbox(), newId },
  }),
);

/** One SMS through Africa's Talking, or none when no SMS_BASE_URL is configured. */
const smsSender = () => {
  const env = config();
  const baseUrl = env.SMS_BASE_URL;
  if (!baseUrl) return undefined;
  return async (to: string, message: string) =>
    sendSms(
      {
        baseUrl,
        username: env.SMS_USERNAME,
        apiKey: await loadSecret("SMS_API_KEY"),
        ...(env.SMS_SENDER_ID ? { senderId: env.SMS_SENDER_ID } : {}),
      },
      to,
      message,
    );
};

/** The outbox's events, written by the money moves (and security notices) and read by the sender. */
export const outbox = /* @__PURE__ */ once(() => createDynamoOutboxRepository());

/**
 * The notifications module (issue 23): sends each outbox event by SMS and email, once per channel. Run by the
 * send-notifications function (the table's stream), the reconciliation's sweep and, locally, the outbox relay.
 */
export const notifications = /* @__PURE__ */ once(() =>
  createNotifications({
    outbox: outbox(),
    users: userReader(),
    sms: smsSender(),
    mailer,
    clock: systemClock,
    log,
    metrics,
    newClaim: newId,
    webOrigin: config().WEB_ORIGIN,
  }),
);
