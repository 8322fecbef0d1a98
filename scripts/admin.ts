/**
 * `npm run admin`: the operator's way to make and switch off admin accounts (design.md §12.1; docs/runbook.md, "The
 * first admin of a stage"). There is deliberately no API that grants the admin role.
 *
 *   npm run admin -- create --email <email> --phone <07…> --first <name> --last <name>
 *       an admin account with no password yet; prints the one-time link `<WEB_ORIGIN>/reset-password#token=…` (valid
 *       24 hours) where the new admin sets one, and mails it to them
 *   npm run admin -- disable --email <email> [--reason <text>]
 *       ends the admin's sessions and stops their sign-in (recorded in the audit trail)
 *   npm run admin -- enable --email <email> [--reason <text>]
 *
 * Without --table: the local table (DynamoDB Local is started if npm start is not running); the link leads to
 * WEB_ORIGIN (default the local web app) and the mail goes to MailDev (MAILDEV_SMTP_PORT) when npm start runs it.
 * With --table <name>: a deployed table, with the AWS credentials and region of the shell; `create` then needs the
 * site's address (--web-origin or WEB_ORIGIN), and mails through Amazon SES from --mail-from (or MAIL_FROM), the
 * stage's SES sender; without one the link is only printed.
 */
import { hostname, userInfo } from "node:os";
import { parseArgs } from "node:util";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { EmailSchema } from "@jengafund/shared";
import type { Mailer } from "../functions/src/adapters/mail/mailer.js";
import { createSesMailer } from "../functions/src/adapters/mail/ses-mailer.js";
import { createSmtpMailer } from "../functions/src/adapters/mail/smtp-mailer.js";
import { systemClock } from "../functions/src/kernel/clock.js";
import type { DynamoContext } from "../functions/src/kernel/dynamo/client.js";
import { DomainError } from "../functions/src/kernel/errors.js";
import { referralCode, ulid } from "../functions/src/kernel/ids.js";
import {
  ADMIN_PASSWORD_LINK_VALID_HOURS,
  AdminAccountInputSchema,
  createAdminAccountService,
} from "../functions/src/modules/admin-controls/admin-accounts.js";
import { createDynamoAdminAccountRepository } from "../functions/src/modules/admin-controls/dynamo/admin-account-repository.js";
import { createDynamoAccountRepository } from "../functions/src/modules/identity/dynamo/account-repository.js";
import { createDynamoAccountSecurityRepository } from "../functions/src/modules/identity/dynamo/account-security-repository.js";
import { createPasswordLinks } from "../functions/src/modules/identity/password-reset.js";
import { argon2idHasher } from "../functions/src/modules/identity/passwords.js";
import { defaultLocalStackOptions, localDynamoForScript } from "./local-stack.js";

const USAGE = `Usage:
  npm run admin -- create --email <email> --phone <07…> --first <first name> --last <last name>
  npm run admin -- disable --email <email> [--reason <text>]
  npm run admin -- enable --email <email> [--reason <text>]
Each takes --table <name> for a deployed table (the shell's AWS credentials and region); create then also takes
--web-origin <https://…> (or WEB_ORIGIN; required) and --mail-from <SES sender> (or MAIL_FROM) to mail the link.`;

const COMMANDS = {
  create: ["email", "phone", "first", "last", "table", "web-origin", "mail-from"],
  disable: ["email", "reason", "table"],
  enable: ["email", "reason", "table"],
} as const;
type Command = keyof typeof COMMANDS;

/** A refusal of the command line itself: the usage is printed with it, and the exit code is 2. */
class UsageError extends Error {}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const OPTIONS = Object.fromEntries(
  [...new Set(Object.values(COMMANDS).flat())].map((name) => [name, { type: "string" as const }]),
);

function readCommandLine() {
  let parsed: { values: Record<string, string | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, ...extra] = parsed.positionals;
  if (!command) throw new UsageError("Say what to do: create, disable or enable");
  if (!(command in COMMANDS)) throw new UsageError(`Unknown command "${command}": use create, disable or enable`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  const allowed: readonly string[] = COMMANDS[command as Command];
  const { values } = parsed;
  for (const name of Object.keys(values)) {
    if (!allowed.includes(name)) throw new UsageError(`--${name} is not an option of ${command}`);
  }
  if (values.table !== undefined && values.table.trim() === "") throw new UsageError("--table needs a table name");
  return { command: command as Command, values };
}

/** The value as the shared schema outputs it, or a refusal naming every problem ("Last name is required; …"). */
function parsedOrRefused<Output>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: Output } | { success: false; error: { issues: readonly { message: string }[] } };
  },
  value: unknown,
): Output {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UsageError(parsed.error.issues.map((issue) => issue.message).join("; "));
}

function currentOperator() {
  let login: string;
  try {
    login = userInfo().username;
  } catch {
    login = process.env.USER ?? process.env.USERNAME ?? "unknown";
  }
  return { login, host: hostname() };
}

interface Target {
  ctx: DynamoContext;
  /** The web app's origin, for the link; undefined when a deployed stage's was not given. */
  webOrigin: string | undefined;
  mailer: () => Mailer;
  /** How the mail leaves, for the operator's note. */
  mailVia: string;
  stop(): Promise<void>;
}

async function localTarget(values: Record<string, string | undefined>): Promise<Target> {
  const options = defaultLocalStackOptions();
  const { ensureTable } = await import("../functions/src/local/table.js");
  const { client, endpoint, running, stop } = await localDynamoForScript(options);
  // A fresh clone has no table until npm start first runs: the admin may be the first thing made.
  await ensureTable(client, options.tableName);
  console.log(`Local table ${options.tableName} at ${endpoint}${running ? "" : " (DynamoDB Local started for this)"}`);
  const smtpPort = options.mail.smtpPort;
  return {
    ctx: { db: documentClient(client), TableName: options.tableName },
    webOrigin: values["web-origin"] ?? process.env.WEB_ORIGIN ?? `http://localhost:${options.ports.web}`,
    mailer: () =>
      createSmtpMailer({
        host: "127.0.0.1",
        port: smtpPort,
        from: values["mail-from"] ?? process.env.MAIL_FROM ?? "JengaFund <no-reply@jengafund.local>",
      }),
    mailVia: `MailDev on SMTP port ${smtpPort} (npm start runs it; inbox on port ${options.mail.webPort})`,
    stop,
  };
}

async function deployedTarget(TableName: string, values: Record<string, string | undefined>): Promise<Target> {
  const client = new DynamoDBClient({ retryMode: "standard", maxAttempts: 8 });
  const region = await client.config.region().catch(() => undefined);
  if (!region) throw new UsageError("With --table, set the stage's AWS region (AWS_REGION, or your profile's region)");
  console.log(`Table ${TableName} in ${region}`);
  const mailFrom = values["mail-from"] ?? process.env.MAIL_FROM;
  return {
    ctx: { db: documentClient(client), TableName },
    webOrigin: values["web-origin"] ?? process.env.WEB_ORIGIN,
    mailer: () => {
      if (!mailFrom) {
        return {
          send: async () => {
            throw new Error("no sender given: add --mail-from <the stage's sesSender>");
          },
        };
      }
      return createSesMailer({ from: mailFrom, region });
    },
    mailVia: `Amazon SES in ${region}${mailFrom ? ` from ${mailFrom}` : ""}`,
    stop: async () => {},
  };
}

const documentClient = (client: DynamoDBClient) =>
  DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

/** The web origin the link leads to: a URL; for a deployed stage, its https site. */
function checkedWebOrigin(origin: string | undefined, deployed: boolean): string {
  if (!origin) {
    throw new UsageError(
      "With --table, give the site's address for the link: --web-origin https://<site> (or WEB_ORIGIN)",
    );
  }
  if (!URL.canParse(origin)) throw new UsageError(`--web-origin must be a URL, got "${origin}"`);
  if (deployed && new URL(origin).protocol !== "https:") {
    throw new UsageError(`A deployed stage's web origin is an https:// address, got "${origin}"`);
  }
  return origin;
}

async function main(): Promise<void> {
  const { command, values } = readCommandLine();
  // Everything the command line says is checked before any table is touched.
  const input =
    command === "create"
      ? parsedOrRefused(AdminAccountInputSchema, {
          firstName: values.first,
          lastName: values.last,
          email: values.email,
          phoneNumber: values.phone,
        })
      : undefined;
  const email = input?.email ?? parsedOrRefused(EmailSchema, values.email);
  const deployed = values.table !== undefined;
  if (deployed && command === "create") checkedWebOrigin(values["web-origin"] ?? process.env.WEB_ORIGIN, true);

  const target = deployed ? await deployedTarget(values.table as string, values) : await localTarget(values);
  try {
    // Only `create` issues a link; disable and enable need no web origin.
    const webOrigin = input ? checkedWebOrigin(target.webOrigin, deployed) : "";
    const service = createAdminAccountService({
      accounts: createDynamoAccountRepository(target.ctx),
      adminAccounts: createDynamoAdminAccountRepository(target.ctx),
      links: createPasswordLinks({
        security: createDynamoAccountSecurityRepository(target.ctx),
        clock: systemClock,
        webOrigin,
      }),
      passwords: argon2idHasher,
      mailer: target.mailer,
      clock: systemClock,
      newId: () => ulid(),
      newReferralCode: referralCode,
      operator: currentOperator(),
    });

    if (input) {
      const created = await service.create(input);
      const { user } = created;
      console.log(
        `Created admin account ${user.id}: ${user.firstName} ${user.lastName} <${user.email}>, phone ${user.phoneNumber}. ` +
          "It has no password yet.",
      );
      console.log(
        `One-time link to set the password, valid ${ADMIN_PASSWORD_LINK_VALID_HOURS} hours ` +
          `(until ${created.expiresAt.toISOString()}):\n\n  ${created.link}\n`,
      );
      if (created.mail.sent) console.log(`Mailed to ${user.email} through ${target.mailVia}.`);
      else {
        console.log(`Not mailed through ${target.mailVia}: ${created.mail.error}.`);
        console.log(`Hand the link to ${user.email} yourself, by a channel you trust.`);
      }
      console.log("The audit trail has no action for creating an account: keep this output as its record.");
      return;
    }

    const isActive = command === "enable";
    const change = await service.setActive(email, isActive, values.reason);
    if (!change.changed) {
      console.log(`${email} is already ${isActive ? "enabled" : "disabled"}: nothing changed.`);
      return;
    }
    console.log(
      isActive
        ? `Enabled admin account ${change.user.id} <${email}>: it can sign in again.`
        : `Disabled admin account ${change.user.id} <${email}>: its sessions have ended and it cannot sign in.`,
    );
    console.log(
      `Audit entry ${change.audit?.id}: user.status by ${change.audit?.actor.firstName} ${change.audit?.actor.lastName} ` +
        `(${change.audit?.actor.email}).`,
    );
  } finally {
    await target.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`Refused: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof DomainError) {
      console.error(`Refused: ${error.message}`);
      process.exit(1);
    }
    console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
