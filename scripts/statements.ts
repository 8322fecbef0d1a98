/**
 * `npm run statements -- --month YYYY-MM`: the monthly statement email by hand (issue 23), the same service the
 * scheduled function runs (services/monthly-statements.ts), against the local stack's table, with the mail going to
 * MailDev. Each account with real-money activity in the month gets its statement once: a second run sends nothing,
 * and a run after a failed send sends only what is left. Without --month, the previous Nairobi month.
 *
 * `npm start` runs DynamoDB Local and MailDev; without it the table is opened from .data (DynamoDB Local started for
 * this) and the script stops before sending when nothing listens on MailDev's SMTP port.
 */
import { createConnection } from "node:net";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createSmtpMailer } from "../functions/src/adapters/mail/smtp-mailer.js";
import { systemClock } from "../functions/src/kernel/clock.js";
import { DomainError } from "../functions/src/kernel/errors.js";
import { ulid } from "../functions/src/kernel/ids.js";
import { log } from "../functions/src/kernel/log.js";
import { silentMetrics } from "../functions/src/kernel/metrics.js";
import { createDynamoMonthlyStatementRepository } from "../functions/src/modules/reporting/dynamo/monthly-statement-repository.js";
import { createDynamoStatementSource } from "../functions/src/modules/reporting/dynamo/statement-source.js";
import {
  createMonthlyStatements,
  previousNairobiMonth,
  statementMonth,
} from "../functions/src/modules/reporting/monthly-statements.js";
import { statementPdf } from "../functions/src/modules/reporting/statements/statement-pdf.js";
import { createStatementService } from "../functions/src/modules/reporting/statements.js";
import { defaultLocalStackOptions, localDynamoForScript } from "./local-stack.js";

export const USAGE = `Usage: npm run statements -- [--month YYYY-MM]
Mails each account with real-money activity in that month (default: the previous month in Nairobi) its statement,
once, through MailDev; the month must have ended.`;

/** A refusal of the command line: printed with the usage, exit code 1. */
export class UsageError extends Error {}

/** The month the command line asks for, checked against `now`: a `YYYY-MM` that has ended in Nairobi. */
export function statementsCommandLine(args: string[], now: Date): { month: string } {
  let values: { month?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { month: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const month = values.month ?? previousNairobiMonth(now);
  try {
    return { month: statementMonth(month, now).month };
  } catch (error) {
    if (error instanceof DomainError) throw new UsageError(error.message);
    throw error;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const { month } = statementsCommandLine(process.argv.slice(2), systemClock.now());
  const options = defaultLocalStackOptions();
  const smtpPort = options.mail.smtpPort;
  if (!(await listening(smtpPort))) {
    throw new Error(
      `MailDev is not listening on SMTP port ${smtpPort}: run npm start first (or set MAILDEV_SMTP_PORT)`,
    );
  }

  const { ensureTable } = await import("../functions/src/local/table.js");
  const { client, endpoint, stop } = await localDynamoForScript(options);
  try {
    await ensureTable(client, options.tableName);
    const ctx = {
      db: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
      TableName: options.tableName,
    };
    console.log(
      `Statements for ${month}: table ${options.tableName} at ${endpoint}, mail to MailDev (SMTP ${smtpPort})`,
    );
    const mailer = createSmtpMailer({
      host: "127.0.0.1",
      port: smtpPort,
      from: process.env.MAIL_FROM ?? "JengaFund <no-reply@jengafund.local>",
    });
    const service = createMonthlyStatements({
      store: createDynamoMonthlyStatementRepository(ctx),
      statements: createStatementService({
        source: createDynamoStatementSource(ctx),
        clock: systemClock,
        renderPdf: statementPdf,
      }),
      mailer: () => mailer,
      clock: systemClock,
      newToken: () => ulid(),
      // The run's figures go to the console here; nothing collects metrics locally.
      metrics: silentMetrics,
      log,
      webOrigin: process.env.WEB_ORIGIN ?? `http://localhost:${options.ports.web}`,
    });
    const run = await service.run({ month });
    if (run.monthWasDone) {
      console.log(`Every statement of ${month} was already sent or skipped: nothing to do.`);
      return;
    }
    for (const outcome of run.outcomes) {
      const who = outcome.email ? `${outcome.email} (${outcome.userId})` : outcome.userId;
      console.log(`  ${outcome.outcome.padEnd(7)} ${who}${outcome.reason ? `: ${outcome.reason}` : ""}`);
    }
    console.log(
      `${run.accounts} account(s) with activity: ${run.sent} sent, ${run.skipped} skipped, ${run.failed} failed, ` +
        `${run.alreadyDone} sent or skipped before, ${run.pending} left.` +
        ` MailDev's inbox: http://localhost:${options.mail.webPort}`,
    );
    if (run.failed > 0) {
      process.exitCode = 1;
      console.error("Some statements were not sent: run the same command again to send only those.");
    }
  } finally {
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`Refused: ${error.message}\n\n${USAGE}`);
      else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
