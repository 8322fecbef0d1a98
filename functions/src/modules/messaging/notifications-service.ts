/**
 * The one notifications module (issue 23): sends each outbox event to its account by SMS and by email, at most once
 * per channel, whoever runs it (the table's stream in AWS, the sweep in reconciliation, the local relay) and however
 * often.
 *
 * Per channel: a final state is left alone; a channel the account turned off (or with nothing to send to) is
 * `skipped`; otherwise it is claimed (a conditional write: pending, or a claim whose lease ran out), sent, and what
 * happened recorded against that claim: `sent` with the provider's id; `failed` when refused (NotificationsFailed);
 * back to `pending` with one more attempt when nothing was sent (`failed` after MAX_ATTEMPTS); `uncertain` when the
 * request went and its answer was lost (NotificationsUncertain), never sent again. Once both channels are final the
 * event leaves the open list and expires some days later.
 */
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationKind,
  wantsNotification,
} from "@jengafund/shared";
import type { SmsOutcome } from "../../adapters/africas-talking/sms.js";
import type { Mailer } from "../../adapters/mail/mailer.js";
import type { Clock } from "../../kernel/clock.js";
import type { Log } from "../../kernel/log.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import {
  type ChannelState,
  FINAL_CHANNEL_STATES,
  type MoneyNotificationKind,
  type OutboxEvent,
  type OutboxKind,
  type OutboxRepository,
} from "../../kernel/outbox-port.js";
import type { UserReader, UserRecord } from "../../kernel/records.js";
import {
  PASSWORD_RESET_VALID_MINUTES,
  passwordResetLink,
  payoutNumberBlockLink,
} from "../../kernel/security-notices.js";
import { balanceAdjustedEmail, moneyNoticeEmail, passwordResetEmail, securityNoticeEmail } from "./mail-templates.js";
import { balanceAdjustedSmsText, moneySmsText, type SecuritySmsKind, securitySmsText } from "./sms-texts.js";

/** Attempts that found nothing sent (the provider down, a 5xx) before a channel is given up as failed. */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds a channel: well beyond one send (5 s) and a function's timeout. */
export const LEASE_MS = 10 * 60_000;
/** The wait after the first attempt that sent nothing, doubled after each further one (8 attempts: about 2 min). */
export const RETRY_BASE_MS = 1_000;
/** Writes of an outcome before giving up (the channel then waits for its lease to end). */
const RECORD_ATTEMPTS = 6;
/** How long a finished event is kept (for support and the tests) before the table's TTL deletes it. */
export const KEEP_FINISHED_DAYS = 30;
/** The sweep's default: events the stream had time to send and did not (AWS). */
export const SWEEP_AFTER_MS = 60_000;
/** An event still open after this long is stuck: counted by each sweep (OutboxStuck, alarmed). */
export const STUCK_AFTER_MS = 15 * 60_000;

const MONEY_KINDS: Record<MoneyNotificationKind, NotificationKind> = {
  "deposit-credited": "depositCredited",
  "withdrawal-requested": "withdrawalRequested",
  "withdrawal-rejected": "withdrawalRejected",
  "payout-sent": "payoutSent",
  "payout-failed": "payoutFailed",
  "capital-returned": "capitalReturned",
};

const isMoneyKind = (kind: OutboxKind): kind is MoneyNotificationKind => kind in MONEY_KINDS;

/**
 * The preference a kind is governed by: its own for a money move and an admin's credit or debit (locked on),
 * `security` (locked on) for the others.
 */
export const preferenceKindOf = (kind: OutboxKind): NotificationKind =>
  isMoneyKind(kind) ? MONEY_KINDS[kind] : kind === "balance-adjusted" ? "balanceAdjusted" : "security";

/** An admin's credit or debit, as its event carries it (design.md §13.6). */
const balanceAdjustedOf = ({ data }: OutboxEvent) => ({
  amountCents: data.amountCents ?? 0,
  reason: data.reason ?? "",
  ...(data.receipt ? { receipt: data.receipt } : {}),
});

export interface NotificationDeps {
  outbox: OutboxRepository;
  users: UserReader;
  /** One SMS; undefined when no SMS provider is configured (the channel is skipped). */
  sms?: (to: string, message: string) => Promise<SmsOutcome>;
  /** Built on first use. */
  mailer: () => Mailer;
  clock: Clock;
  log: Log;
  metrics: MetricsPort;
  newClaim: () => string;
  webOrigin: string;
}

/** What became of one channel in this run (`busy`: another sender holds it). */
export type ChannelRun = ChannelState | "busy" | "missing";

type SendOutcome =
  | { kind: "sent"; messageId?: string }
  | { kind: "permanent" | "transient" | "uncertain"; reason: string };

const isFinal = (state: ChannelState) => FINAL_CHANNEL_STATES.includes(state);

export function createNotifications(deps: NotificationDeps) {
  const { outbox, users, clock, log, metrics, newClaim } = deps;

  function smsTextOf(event: OutboxEvent): string {
    if (event.kind === "balance-adjusted") return balanceAdjustedSmsText(balanceAdjustedOf(event));
    if (isMoneyKind(event.kind)) {
      return moneySmsText(event.kind, {
        amountCents: event.data.amountCents ?? 0,
        ...(event.data.receipt ? { receipt: event.data.receipt } : {}),
        ...(event.data.phoneNumber ? { phoneNumber: event.data.phoneNumber } : {}),
        ...(event.data.packageName ? { packageName: event.data.packageName } : {}),
        ...(event.data.balance === "trial" ? { trial: true } : {}),
      });
    }
    return securitySmsText(event.kind as SecuritySmsKind, payoutNumberDetails(event));
  }

  /** A payout-number notice's number, wait and block link (design.md §13.2); nothing for the other kinds. */
  function payoutNumberDetails(event: OutboxEvent) {
    const { phoneNumber, usableFrom, blockToken } = event.data;
    return {
      ...(phoneNumber ? { phoneNumber } : {}),
      ...(usableFrom ? { usableFrom: new Date(usableFrom) } : {}),
      ...(blockToken ? { blockLink: payoutNumberBlockLink(deps.webOrigin, blockToken) } : {}),
    };
  }

  function emailOf(event: OutboxEvent, user: UserRecord) {
    const at = new Date(event.createdAt);
    if (event.kind === "password-reset") {
      return passwordResetEmail({
        to: user.email,
        firstName: user.firstName,
        link: passwordResetLink(deps.webOrigin, event.data.resetToken ?? ""),
        validMinutes: PASSWORD_RESET_VALID_MINUTES,
      });
    }
    if (event.kind === "balance-adjusted") {
      const adjusted = { to: user.email, firstName: user.firstName, at, webOrigin: deps.webOrigin };
      return balanceAdjustedEmail({ ...adjusted, ...balanceAdjustedOf(event) });
    }
    if (isMoneyKind(event.kind)) {
      return moneyNoticeEmail({
        to: user.email,
        firstName: user.firstName,
        kind: event.kind,
        at,
        amountCents: event.data.amountCents ?? 0,
        webOrigin: deps.webOrigin,
        ...(event.data.phoneNumber ? { phoneNumber: event.data.phoneNumber } : {}),
        ...(event.data.receipt ? { receipt: event.data.receipt } : {}),
        ...(event.data.sourceIp ? { sourceIp: event.data.sourceIp } : {}),
        ...(event.data.packageName ? { packageName: event.data.packageName } : {}),
        ...(event.data.balance ? { balance: event.data.balance } : {}),
      });
    }
    return securityNoticeEmail({
      to: user.email,
      firstName: user.firstName,
      webOrigin: deps.webOrigin,
      notice: {
        kind: event.kind,
        userId: user.id,
        at,
        ...(event.data.sourceIp ? { sourceIp: event.data.sourceIp } : {}),
        ...(event.data.userAgent ? { userAgent: event.data.userAgent } : {}),
        ...(event.data.lockedUntil ? { lockedUntil: new Date(event.data.lockedUntil) } : {}),
        ...(event.data.reason ? { reason: event.data.reason } : {}),
        ...payoutNumberDetails(event),
      },
    });
  }

  async function send(channel: NotificationChannel, event: OutboxEvent, user: UserRecord): Promise<SendOutcome> {
    if (channel === "sms") {
      if (!deps.sms) return { kind: "permanent", reason: "no SMS provider configured" };
      try {
        return await deps.sms(user.phoneNumber, smsTextOf(event));
      } catch (error) {
        // Before the request (the API key could not be read): nothing went.
        return { kind: "transient", reason: error instanceof Error ? error.message : "SMS error" };
      }
    }
    try {
      await deps.mailer().send(emailOf(event, user));
      return { kind: "sent" };
    } catch (error) {
      // SES refuses before accepting, and an SMTP failure leaves the message unsent: worth another attempt.
      return { kind: "transient", reason: error instanceof Error ? `${error.name}: ${error.message}` : "mail error" };
    }
  }

  /** Why this channel is not sent at all, if it is not. */
  function skipReason(channel: NotificationChannel, event: OutboxEvent, user: UserRecord | null): string | undefined {
    if (!user) return "no account";
    if (!wantsNotification(user.notifications, channel, preferenceKindOf(event.kind))) return "turned off";
    if (channel === "sms" && !deps.sms) return "no SMS provider configured";
    if (channel === "sms" && !user.phoneNumber) return "no phone number";
    if (channel === "email" && !user.email) return "no email address";
    return undefined;
  }

  /**
   * Claims the channel: true when ours, false when another sender holds it or it is final, undefined when the write
   * failed (then pending for a later run). A claim whose answer was lost is told apart by reading the event again:
   * the claim token on it is ours only if our write landed.
   */
  async function claim(event: OutboxEvent, channel: NotificationChannel, token: string): Promise<boolean | undefined> {
    const now = clock.now();
    try {
      return await outbox.claim(
        event.id,
        channel,
        token,
        now.toISOString(),
        new Date(now.getTime() + LEASE_MS).toISOString(),
      );
    } catch (error) {
      const again = await outbox.get(event.id);
      if (again?.[channel].state === "sending" && again[channel].claim === token) return true;
      // Not written (or written and lost, and then our lease will end): nothing was sent; a later run tries again.
      log("warn", "Notification not claimed; it is tried again", {
        eventId: event.id,
        channel,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  }

  /**
   * Records a claimed channel's outcome, trying again when the write fails: a claim left `sending` would be taken
   * again once its lease ended, and what was sent sent twice. Conditional on our claim, so a retry after a write that
   * landed changes nothing.
   */
  async function record(
    event: OutboxEvent,
    channel: NotificationChannel,
    token: string,
    outcome: Parameters<OutboxRepository["record"]>[3],
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        await outbox.record(event.id, channel, token, outcome);
        return;
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  async function runChannel(
    event: OutboxEvent,
    user: UserRecord | null,
    channel: NotificationChannel,
  ): Promise<ChannelRun> {
    const status = event[channel];
    if (isFinal(status.state)) return status.state;
    if (status.state === "sending" && status.leaseUntil && status.leaseUntil > clock.now().toISOString()) {
      return "busy";
    }
    // After an attempt that sent nothing, the next waits 1 s, 2 s, 4 s… (the provider may need the time).
    if (status.state === "pending" && status.attempts > 0 && status.triedAt) {
      const due = new Date(status.triedAt).getTime() + RETRY_BASE_MS * 2 ** (status.attempts - 1);
      if (clock.now().getTime() < due) return "pending";
    }
    const token = newClaim();
    const claimed = await claim(event, channel, token);
    if (claimed === undefined) return "pending";
    if (!claimed) return "busy";
    const context = { eventId: event.id, kind: event.kind, channel, userId: event.userId };

    const skip = skipReason(channel, event, user);
    if (skip) {
      await record(event, channel, token, { state: "skipped", reason: skip });
      return "skipped";
    }
    const outcome = await send(channel, event, user as UserRecord);
    const attempts = status.attempts + 1;
    switch (outcome.kind) {
      case "sent":
        await record(event, channel, token, {
          state: "sent",
          attemptsAdded: 1,
          ...(outcome.messageId ? { messageId: outcome.messageId } : {}),
        });
        metrics.count("NotificationsSent", channel);
        return "sent";
      case "uncertain":
        await record(event, channel, token, { state: "uncertain", attemptsAdded: 1, reason: outcome.reason });
        metrics.count("NotificationsUncertain", channel);
        log("warn", "Notification may have been sent: its answer was lost, so it is not sent again", {
          ...context,
          reason: outcome.reason,
        });
        return "uncertain";
      case "transient":
        if (attempts < MAX_ATTEMPTS) {
          await record(event, channel, token, {
            state: "pending",
            attemptsAdded: 1,
            reason: outcome.reason,
            triedAt: clock.now().toISOString(),
          });
          log("warn", "Notification not sent; it is tried again", { ...context, attempts, reason: outcome.reason });
          return "pending";
        }
        break;
      case "permanent":
        break;
    }
    await record(event, channel, token, { state: "failed", attemptsAdded: 1, reason: outcome.reason });
    metrics.count("NotificationsFailed", channel);
    log("error", "Notification not sent", { ...context, attempts, reason: outcome.reason });
    return "failed";
  }

  /**
   * Sends what is left of one event, on both channels at once. Resolves with each channel's state after this run;
   * `retry` says a channel is pending again (nothing was sent) and should be tried later.
   */
  async function processOutboxEvent(eventId: string) {
    const event = await outbox.get(eventId);
    if (!event) return { sms: "missing" as ChannelRun, email: "missing" as ChannelRun, retry: false };
    const needsUser = NOTIFICATION_CHANNELS.some((channel) => !isFinal(event[channel].state));
    const user = needsUser ? await users.getUser(event.userId) : null;
    const [sms, email] = await Promise.all(NOTIFICATION_CHANNELS.map((channel) => runChannel(event, user, channel)));
    const states = [sms, email] as ChannelRun[];
    if (states.every((state) => FINAL_CHANNEL_STATES.includes(state as ChannelState))) {
      const keepUntil = Math.floor(clock.now().getTime() / 1000) + KEEP_FINISHED_DAYS * 86_400;
      await outbox.close(event.id, keepUntil);
    }
    return { sms: sms as ChannelRun, email: email as ChannelRun, retry: states.includes("pending") };
  }

  return {
    processOutboxEvent,

    /**
     * Events still open that were created more than `olderThanMs` ago, oldest first, up to `limit`, each processed
     * in turn until `timeLeftMs` runs out. A failure is logged and the sweep goes on. With `countStuck`, also
     * records the OutboxStuck gauge.
     */
    async sweep(run: { olderThanMs: number; limit: number; timeLeftMs?: () => number; countStuck?: boolean }) {
      const now = clock.now().getTime();
      const summary = { processed: 0, errors: 0, stuck: undefined as number | undefined };
      if (run.countStuck) {
        summary.stuck = await outbox.countOpen(new Date(now - STUCK_AFTER_MS).toISOString());
        metrics.record("OutboxStuck", summary.stuck);
        if (summary.stuck > 0) log("warn", "Notifications still open after 15 minutes", { count: summary.stuck });
      }
      const open = await outbox.listOpen(new Date(now - run.olderThanMs + 1).toISOString(), run.limit);
      for (const { id } of open) {
        if (run.timeLeftMs && run.timeLeftMs() <= 0) break;
        try {
          await processOutboxEvent(id);
          summary.processed++;
        } catch (error) {
          summary.errors++;
          log("error", "Notification event could not be processed", {
            eventId: id,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return summary;
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
