/**
 * The monthly statement email (issue 23) against DynamoDB Local and MailDev: five accounts opened in October — two
 * whose real money moved in October, one with its trial money alone, one that turned the monthly email off, one whose
 * real money first moved in November — with the whole process's clock moved to those days while the API wrote their
 * ledgers. The job then runs on Nov 1 (its clock injected): two mails, each with the PDF GET /statements gives for
 * October; a failed send left to the next run alone; runs after that send nothing; two runs at once send each once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import type { AuthResponse, RegisterInput } from "@jengafund/shared";
import type { Context } from "aws-lambda";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { statementsCommandLine, UsageError } from "../../scripts/statements.js";
import type { Mailer } from "../src/adapters/mail/mailer.js";
import { createSmtpMailer } from "../src/adapters/mail/smtp-mailer.js";
import { lambdaBundleAliases } from "../src/bundling.js";
import { handler as sendMonthlyStatements } from "../src/handlers/events/send-monthly-statements.js";
import type { Clock } from "../src/kernel/clock.js";
import { dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { ulid } from "../src/kernel/ids.js";
import { log } from "../src/kernel/log.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import type { InboxMessage } from "../src/local/mail-inbox.js";
import { createDynamoMonthlyStatementRepository } from "../src/modules/reporting/dynamo/monthly-statement-repository.js";
import { createDynamoStatementSource } from "../src/modules/reporting/dynamo/statement-source.js";
import { createMonthlyStatements } from "../src/modules/reporting/monthly-statements.js";
import { statementPdf } from "../src/modules/reporting/statements/statement-pdf.js";
import { createStatementService } from "../src/modules/reporting/statements.js";
import { readItem } from "./support/db.js";
import { eventually } from "./support/eventually.js";
import { api, localApiUrl, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { mailsTo } from "./support/mail.js";
import { recordingMetrics } from "./support/metrics.js";
import { pdfLines } from "./support/pdf-text.js";
import { registerUser } from "./support/users.js";

useLocalApi();

const inboxUrl = inject("mailInboxUrl").replace("localhost", "127.0.0.1");
const smtp = createSmtpMailer({
  host: "127.0.0.1",
  port: inject("mailSmtpPort"),
  from: "JengaFund <no-reply@jengafund.local>",
});

/** The job's clock: the morning of Nov 1 in Nairobi, the schedule's first run for October. */
const NOV_1: Clock = { now: () => new Date("2026-11-01T07:00:00+03:00") };

interface Account {
  userId: string;
  input: RegisterInput;
}
const accounts = {} as Record<"active" | "alsoActive" | "trialOnly" | "optedOut" | "novemberOnly", Account>;
let adminCredentials: { email: string; password: string };

/** The whole process's clock (ledger ids, createdAt, tokens) at a Nairobi wall-clock time, moving on. */
const clockAt = (nairobi: string) => vi.setSystemTime(new Date(`${nairobi}+03:00`));

async function signIn(credentials: { email: string; password: string }): Promise<string> {
  const { status, body } = await api<AuthResponse>("POST", "/auth/login", { body: credentials });
  expect(status).toBe(200);
  return body.token;
}

/** An admin's credit or debit of the account's wallet over HTTP, signed in at the clock's time. */
async function adjust(account: Account, type: "credit" | "debit", amount: number, reason: string) {
  const token = await signIn(adminCredentials);
  const answer = await api("PUT", `/admin/users/${account.userId}/balance`, { token, body: { amount, type, reason } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

function monthlyStatements(options: { mailer?: Mailer } = {}) {
  const metrics = recordingMetrics();
  const service = createMonthlyStatements({
    store: createDynamoMonthlyStatementRepository(),
    statements: createStatementService({
      source: createDynamoStatementSource(),
      clock: NOV_1,
      renderPdf: statementPdf,
    }),
    mailer: () => options.mailer ?? smtp,
    clock: NOV_1,
    newToken: () => ulid(),
    metrics,
    log,
    webOrigin: "http://localhost:5173",
  });
  return { service, metrics };
}

const markerOf = (account: Account) => readItem(keys.monthlyStatement(account.userId, "2026-10"));
/** The statement mails the account received (signing in from the test's new browser brings a notice too). */
const statementMails = async (account: Account) =>
  (await mailsTo(account.input.email)).filter((mail) => mail.subject.startsWith("Your JengaFund statement"));
const mailCount = async (account: Account) => (await statementMails(account)).length;
/** Waits until MailDev has the account's `count` statement mails (SMTP delivery is not instant). */
const waitForStatements = (account: Account, count: number) =>
  eventually(async () => (await mailCount(account)) >= count);

/** The account's statement PDF attached to a mail, as MailDev keeps it. */
async function attachedPdf(message: InboxMessage): Promise<{ name: string; bytes: Buffer }> {
  const { attachments } = message as InboxMessage & {
    attachments?: { fileName?: string; filename?: string; generatedFileName: string; contentType: string }[];
  };
  expect(attachments).toHaveLength(1);
  const [file] = attachments ?? [];
  expect(file?.contentType).toBe("application/pdf");
  const response = await fetch(`${inboxUrl}/api/email/${message.id}/attachment/${file?.generatedFileName}`);
  expect(response.status).toBe(200);
  return { name: String(file?.fileName ?? file?.filename), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Everything the statement's paper says but the instant it was produced. */
const paperFigures = async (pdf: Uint8Array) =>
  (await pdfLines(pdf)).map((page) => page.filter((line) => !line.startsWith("Produced ")));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  clockAt("2026-10-05T09:00:00");
  const admin = await signUpAdmin();
  adminCredentials = { email: admin.user.email, password: "Mvua-Nyingi-42" };
  for (const name of ["active", "alsoActive", "trialOnly", "optedOut", "novemberOnly"] as const) {
    const registered = await registerUser();
    accounts[name] = { userId: registered.user._id, input: registered.input };
  }
  clockAt("2026-10-10T10:00:00");
  await adjust(accounts.active, "credit", 1_000, "October top-up");
  clockAt("2026-10-12T16:30:00");
  await adjust(accounts.active, "debit", 100.5, "correction");
  clockAt("2026-10-20T08:00:00");
  await adjust(accounts.alsoActive, "credit", 250, "goodwill");
  clockAt("2026-10-21T12:00:00");
  await adjust(accounts.optedOut, "credit", 300, "goodwill");
  clockAt("2026-11-03T10:00:00");
  await adjust(accounts.novemberOnly, "credit", 500, "November top-up");
  vi.useRealTimers();
  // The user turns the monthly email off under Account → Notifications.
  const optedOut = accounts.optedOut.input;
  const turnedOff = await api("PUT", "/auth/me/notifications", {
    token: await signIn({ email: optedOut.email, password: optedOut.password }),
    body: { email: { monthlyStatement: false }, password: optedOut.password },
  });
  expect(turnedOff.status, JSON.stringify(turnedOff.body)).toBe(200);
}, 60_000);

afterAll(() => {
  vi.useRealTimers();
});

describe("the monthly statement email", () => {
  it("takes no account once its time is up, and says how many are left", async () => {
    const { service, metrics } = monthlyStatements();
    const run = await service.run({ timeLeftMs: () => 0 });
    expect(run).toMatchObject({ month: "2026-10", accounts: 3, sent: 0, pending: 3, stoppedEarly: true });
    expect(metrics.values("StatementsPending")).toEqual([3]);
    expect(await markerOf(accounts.active)).toBeUndefined();
  });

  it("sends October's to the accounts whose real money moved in it, and leaves a failed send to the next run", async () => {
    const failing: Mailer = {
      send: async (message) => {
        if (message.to === accounts.active.input.email) throw new Error("SMTP refused the message");
        await smtp.send(message);
      },
    };
    const first = monthlyStatements({ mailer: failing });
    const run = await first.service.run();
    expect(run).toMatchObject({ month: "2026-10", accounts: 3, sent: 1, skipped: 1, failed: 1, pending: 1 });
    expect(first.metrics.values("StatementsSent")).toEqual([1]);
    expect(first.metrics.values("StatementsFailed")).toEqual([1]);
    expect(first.metrics.values("StatementsPending")).toEqual([1]);
    expect((await markerOf(accounts.active))?.state).toBe("failed");
    expect((await markerOf(accounts.alsoActive))?.state).toBe("sent");
    expect((await markerOf(accounts.optedOut))?.state).toBe("skipped");
    await waitForStatements(accounts.alsoActive, 1);

    const second = monthlyStatements();
    const retry = await second.service.run();
    expect(retry).toMatchObject({ sent: 1, skipped: 0, failed: 0, alreadyDone: 2, pending: 0 });
    expect(retry.outcomes.map((outcome) => outcome.userId)).toEqual([accounts.active.userId]);
    expect(second.metrics.values("StatementsPending")).toEqual([0]);
    expect((await markerOf(accounts.active))?.attempts).toBe(2);

    await waitForStatements(accounts.active, 1);
    expect(await mailCount(accounts.active)).toBe(1);
    expect(await mailCount(accounts.alsoActive)).toBe(1);
    for (const none of [accounts.trialOnly, accounts.optedOut, accounts.novemberOnly]) {
      expect(await mailCount(none)).toBe(0);
    }
  });

  it("attaches the PDF GET /statements gives for October, and quotes its opening and closing", async () => {
    const expected = { active: ["KES 0.00", "KES 899.50"], alsoActive: ["KES 0.00", "KES 250.00"] } as const;
    for (const name of ["active", "alsoActive"] as const) {
      const account = accounts[name];
      const [mail] = await statementMails(account);
      if (!mail) throw new Error(`no mail to ${name}`);
      expect(mail.subject).toBe("Your JengaFund statement for October 2026");
      expect(mail.text).toContain("Period: 1 Oct 2026 – 31 Oct 2026 (Nairobi time)");
      expect(mail.text).toContain(`Opening balance: ${expected[name][0]}`);
      expect(mail.text).toContain(`Closing balance: ${expected[name][1]}`);
      const attached = await attachedPdf(mail);
      expect(attached.name).toBe("jengafund-statement-2026-10-01-2026-10-31.pdf");

      const token = await signIn({ email: account.input.email, password: account.input.password });
      const download = await fetch(`${localApiUrl}/statements?from=2026-10-01&to=2026-10-31&format=pdf`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      const downloaded = await paperFigures(Buffer.from(await download.arrayBuffer()));
      expect(await paperFigures(attached.bytes)).toEqual(downloaded);
      expect(downloaded.flat().join("\n")).toContain(expected[name][1].replace("KES ", ""));
    }
  });

  it("sends nothing again: the month is marked done, and without that mark each account's marker holds", async () => {
    const done = await sendMonthlyStatements(
      { month: "2026-10" },
      localLambdaContext("send-monthly-statements", { timeoutMs: 900_000 }),
    );
    expect(done).toMatchObject({ month: "2026-10", monthWasDone: true, sent: 0, pending: 0 });

    await dynamoDocumentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.monthlyStatementsDone("2026-10") }),
    );
    const again = await monthlyStatements().service.run();
    expect(again).toMatchObject({ accounts: 3, sent: 0, skipped: 0, failed: 0, alreadyDone: 3, pending: 0 });
    expect(await mailCount(accounts.active)).toBe(1);
    expect(await mailCount(accounts.alsoActive)).toBe(1);
  });

  it("sends each mail once when two runs of the scheduled function go at once", async () => {
    // A fresh month for both: the markers of October's first sending are taken away.
    const db = dynamoDocumentClient();
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.monthlyStatementsDone("2026-10") }));
    for (const account of [accounts.active, accounts.alsoActive, accounts.optedOut]) {
      await db.send(
        new DeleteCommand({ TableName: tableName(), Key: keys.monthlyStatement(account.userId, "2026-10") }),
      );
    }
    const invoke = () =>
      sendMonthlyStatements(
        { month: "2026-10" },
        localLambdaContext("send-monthly-statements", { timeoutMs: 900_000 }),
      );
    const [scheduled, byHand] = await Promise.all([invoke(), invoke()]);
    expect(scheduled.sent + byHand.sent).toBe(2);
    expect(scheduled.skipped + byHand.skipped).toBe(1);
    await waitForStatements(accounts.active, 2);
    await waitForStatements(accounts.alsoActive, 2);
    expect(await mailCount(accounts.active)).toBe(2);
    expect(await mailCount(accounts.alsoActive)).toBe(2);
    expect(await mailCount(accounts.optedOut)).toBe(0);
  });

  it("skips a deactivated account: its holder gets no statement for the month its money moved in", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    let closed: Account;
    try {
      clockAt("2026-09-08T09:00:00");
      const registered = await registerUser();
      closed = { userId: registered.user._id, input: registered.input };
      clockAt("2026-09-09T10:00:00");
      await adjust(closed, "credit", 400, "September top-up");
      const token = await signIn(adminCredentials);
      const deactivated = await api("PUT", `/admin/users/${closed.userId}/status`, {
        token,
        body: { isActive: false },
      });
      expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    } finally {
      vi.useRealTimers();
    }

    const run = await monthlyStatements().service.run({ month: "2026-09" });
    expect(run).toMatchObject({ month: "2026-09", accounts: 1, sent: 0, skipped: 1, failed: 0, pending: 0 });
    expect(run.outcomes).toEqual([{ userId: closed.userId, outcome: "skipped", reason: "deactivated" }]);
    expect((await readItem(keys.monthlyStatement(closed.userId, "2026-09")))?.state).toBe("skipped");
    expect(await mailCount(closed)).toBe(0);
  });

  it("runs from its own bundle as deployed (esbuild, the Lambda aliases: pdfkit's browser build), and mails the PDF", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "jengafund-monthly-"));
    try {
      await build({
        entryPoints: [join(import.meta.dirname, "..", "src", "handlers", "events", "send-monthly-statements.ts")],
        outdir: outDir,
        outExtension: { ".js": ".mjs" },
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node22",
        mainFields: ["module", "main"],
        minify: true,
        banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
        alias: Object.fromEntries(
          Object.entries(lambdaBundleAliases).map(([name, path]) => [
            name,
            join(import.meta.dirname, "..", "..", path),
          ]),
        ),
        logLevel: "error",
      });
      const bundled = (await import(pathToFileURL(join(outDir, "send-monthly-statements.mjs")).href)) as {
        handler: (event: unknown, context: Context) => Promise<{ sent: number; pending: number }>;
      };
      // The account's October email taken back, as if never sent: the bundle sends it alone.
      const db = dynamoDocumentClient();
      await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.monthlyStatementsDone("2026-10") }));
      await db.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.monthlyStatement(accounts.alsoActive.userId, "2026-10"),
        }),
      );
      const run = await bundled.handler(
        { month: "2026-10" },
        localLambdaContext("send-monthly-statements", { timeoutMs: 900_000 }),
      );
      expect(run).toMatchObject({ sent: 1, pending: 0 });
      await waitForStatements(accounts.alsoActive, 3);
      const mails = await statementMails(accounts.alsoActive);
      const [first, , last] = mails;
      if (!first || !last) throw new Error("missing mails");
      expect(await paperFigures((await attachedPdf(last)).bytes)).toEqual(
        await paperFigures((await attachedPdf(first)).bytes),
      );
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("npm run statements -- --month", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  it("takes a month that has ended, the previous one by default", () => {
    expect(statementsCommandLine(["--month", "2026-10"], now)).toEqual({ month: "2026-10" });
    expect(statementsCommandLine(["--month=2025-12"], now)).toEqual({ month: "2025-12" });
    expect(statementsCommandLine([], now)).toEqual({ month: "2026-10" });
    expect(statementsCommandLine([], new Date("2027-01-01T02:00:00+03:00"))).toEqual({ month: "2026-12" });
  });

  it("refuses a month written otherwise, one not ended, and unknown options", () => {
    expect(() => statementsCommandLine(["--month", "2026-1"], now)).toThrow(UsageError);
    expect(() => statementsCommandLine(["--month", "October"], now)).toThrow(/YYYY-MM/);
    expect(() => statementsCommandLine(["--month", "2026-13"], now)).toThrow(/YYYY-MM/);
    expect(() => statementsCommandLine(["--month", "2026-11"], now)).toThrow(/has not ended/);
    expect(() => statementsCommandLine(["--month"], now)).toThrow(UsageError);
    expect(() => statementsCommandLine(["--table", "jengafund"], now)).toThrow(UsageError);
  });
});
