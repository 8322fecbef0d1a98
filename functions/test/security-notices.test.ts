/**
 * Security notices (design.md §12.2) over the local stack: the Daraja simulator, the callback route, the event bus and
 * the settle handler, with the mail read from MailDev as the owner would read it. A payout that is paid and one that
 * fails each mail the owner once; an admin's rejection is a payout that failed, to the owner; a password reset mails
 * "password changed". The money notices come from the outbox (sent by the local relay, as npm start's); a notice that
 * cannot be sent never fails the action: it is logged and counted.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createSmtpMailer } from "../src/adapters/mail/smtp-mailer.js";
import { handler as processWithdrawal } from "../src/handlers/http/process-withdrawal.js";
import { handler as requestPasswordReset } from "../src/handlers/http/request-password-reset.js";
import { handler as resetPassword } from "../src/handlers/http/reset-password.js";
import { systemClock } from "../src/kernel/clock.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { log } from "../src/kernel/log.js";
import type { InboxMessage } from "../src/local/mail-inbox.js";
import { createDynamoAccountRepository } from "../src/modules/identity/dynamo/account-repository.js";
import { createSecurityNotices } from "../src/modules/messaging/security-notices-service.js";
import { readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { mailsTo, resetLinkOf, waitForMailsTo } from "./support/mail.js";
import { recordingMetrics } from "./support/metrics.js";
import { logLines, outputOf } from "./support/output.js";
import { eventually, usePaymentsStack } from "./support/payments-stack.js";
import { approveWithdrawal, pendingWithdrawal } from "./support/payouts.js";
import { registerUser } from "./support/users.js";

const payments = usePaymentsStack();

const PAID = "JengaFund: your withdrawal was paid";
const NOT_PAID = "JengaFund: a withdrawal was not paid";
const PASSWORD_CHANGED = "JengaFund: your password was changed";
/** "26 Nov 2026, 14:05 (Nairobi time)" */
const NAIROBI_TIME = /\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Nairobi time\)/;

/** The owner's notices with this subject, once at least one has arrived. */
const noticesTo = async (email: string, subject: string) =>
  (await mailsTo(email)).filter((mail) => mail.subject === subject);
const waitForNotice = (email: string, subject: string) =>
  eventually(async () => {
    const found = await noticesTo(email, subject);
    return found.length > 0 ? found : null;
  }, 15_000);

/** The registered number as the notice shows it: 07 (or 01), four dots, the last four digits. */
const maskedAs = (msisdn: string) => `0${msisdn.slice(3, 4)}••••${msisdn.slice(-4)}`;

/** Waits until the simulator has delivered every B2C result it means to for this payout (two when it doubles one). */
async function resultsDelivered(withdrawalId: string, count: number) {
  const conversationId = await eventually(
    async () => (await readItem(keys.withdrawal(withdrawalId)))?.conversationId as string | undefined,
    15_000,
  );
  await eventually(async () => {
    const delivered = payments.stack.simulator.callbacks.filter(
      (callback) => callback.relatesTo === conversationId && callback.finishedAt,
    );
    return delivered.length >= count;
  }, 15_000);
}

function expectAdvice(mail: InboxMessage) {
  for (const part of [mail.text, mail.html]) {
    expect(part).toMatch(NAIROBI_TIME);
    expect(part).toContain("http://localhost:5173/forgot-password");
    expect(part).toContain("Sign out of all devices");
    expect(part).toMatch(/support@/);
  }
}

describe("payout notices", () => {
  it("mails the owner once when the payout is paid, even when M-Pesa delivers the result twice", async () => {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: "254700000002" }, 300);
    const approved = await approveWithdrawal(payments.adminToken, withdrawal._id);
    expect(approved.statusCode).toBe(200);

    const [mail] = await waitForNotice(user.email, PAID);
    await eventually(async () => (await readItem(keys.withdrawal(withdrawal._id)))?.status === "completed");
    await resultsDelivered(withdrawal._id, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await noticesTo(user.email, PAID)).toHaveLength(1);

    if (!mail) throw new Error("no notice");
    expect(mail.text).toContain("Hello Wanjiru, KES 300.00 from your JengaFund wallet was sent to the M-Pesa number");
    expect(mail.text).toContain(`M-Pesa number: ${maskedAs(user.phoneNumber)}`);
    expect(mail.text).toContain("Amount: KES 300.00");
    expect(mail.text).not.toContain(user.phoneNumber);
    expect(mail.text).not.toContain(`0${user.phoneNumber.slice(3)}`);
    // M-Pesa's result comes from no one's browser: no address to name.
    expect(mail.text).not.toContain("From address");
    expectAdvice(mail);
    expect(await noticesTo(user.email, NOT_PAID)).toEqual([]);
  });

  it("mails the owner once when M-Pesa fails the payout and the amount is refunded", async () => {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: "254700002001" }, 250);
    await approveWithdrawal(payments.adminToken, withdrawal._id);

    const [mail] = await waitForNotice(user.email, NOT_PAID);
    await eventually(async () => (await readItem(keys.withdrawal(withdrawal._id)))?.status === "rejected");
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    await resultsDelivered(withdrawal._id, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await noticesTo(user.email, NOT_PAID)).toHaveLength(1);

    if (!mail) throw new Error("no notice");
    expect(mail.text).toContain("the withdrawal of KES 250.00 to the M-Pesa number");
    expect(mail.text).toContain("the amount is back in your JengaFund wallet");
    expect(mail.text).toContain(`M-Pesa number: ${maskedAs(user.phoneNumber)}`);
    expectAdvice(mail);
    expect(await noticesTo(user.email, PAID)).toEqual([]);
  });

  it("tells the owner of an admin's rejection as a withdrawal not paid, without the admin's address", async () => {
    const { user, withdrawal } = await pendingWithdrawal({ b2c: "254700009999" }, 200);
    const rejected = await call(
      processWithdrawal,
      gatewayEvent("process-withdrawal", {
        token: payments.adminToken,
        pathParameters: { id: withdrawal._id },
        body: { status: "rejected", reason: "Checked with the owner" },
        sourceIp: "10.1.2.3",
      }),
    );
    expect(rejected.statusCode).toBe(200);

    const [mail] = await waitForNotice(user.email, NOT_PAID);
    if (!mail) throw new Error("no notice");
    expect(mail.text).toContain("Amount: KES 200.00");
    expect(mail.text).not.toContain("10.1.2.3");
    expect(mail.text).not.toContain("From address");
  });
});

describe("password changed", () => {
  it("mails the owner when a reset link sets a new password, naming the address it came from", async () => {
    const { input } = await registerUser({ firstName: "Akinyi" });
    await call(requestPasswordReset, gatewayEvent("request-password-reset", { body: { email: input.email } }));
    const [resetMail] = await waitForMailsTo(input.email);
    if (!resetMail) throw new Error("no reset mail");

    const reset = await call(
      resetPassword,
      gatewayEvent("reset-password", {
        body: { token: resetLinkOf(resetMail).token, password: "Savannah-Sunrise-2026!" },
        sourceIp: "41.90.64.12",
      }),
    );
    expect(reset.statusCode).toBe(200);

    const [mail] = await waitForNotice(input.email, PASSWORD_CHANGED);
    if (!mail) throw new Error("no notice");
    expect(mail.text).toContain("Hello Akinyi, the password of your JengaFund account was changed.");
    expect(mail.text).toContain("From address: 41.90.64.12");
    expectAdvice(mail);
    // The notice is no way in: no reset link, no token.
    expect(mail.text).not.toContain("reset-password");
    expect(mail.text).not.toContain("token=");
    expect(await noticesTo(input.email, PASSWORD_CHANGED)).toHaveLength(1);
  });
});

/** A local port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("a mailer that fails", () => {
  it("never fails the action: the notice is logged without the address and counted", async () => {
    // Money notices go through the outbox (notifications-outbox.test.ts tries a failing mailer there); the other
    // security notices are mailed at once, through a mailer that may be down.
    const { user, input } = await registerUser({ firstName: "Njeri" });
    const metrics = recordingMetrics();
    const down = createSmtpMailer({ host: "127.0.0.1", port: await closedPort(), from: "JengaFund <no-reply@x.test>" });
    const notices = createSecurityNotices({
      mailer: () => down,
      users: createDynamoAccountRepository(),
      log,
      metrics,
      webOrigin: "http://localhost:5173",
    });

    let settled = false;
    const lines = await outputOf(async () => {
      await notices.send({ kind: "password-changed", userId: user._id, at: systemClock.now(), sourceIp: "41.90.1.2" });
      settled = true;
    });

    expect(settled).toBe(true);
    expect(metrics.total("SecurityNoticesFailed")).toBe(1);
    expect(metrics.reasons("SecurityNoticesFailed")).toEqual(["password-changed"]);
    const failure = logLines(lines, "ERROR").find((line) => line.message === "Security notice not sent");
    expect(failure).toMatchObject({ kind: "password-changed", userId: user._id });
    expect(JSON.stringify(lines)).not.toContain(input.email);
    expect(await noticesTo(input.email, PASSWORD_CHANGED)).toEqual([]);
  });
});
