/**
 * Account → Notifications (design.md §12.6, §13.2), over HTTP through the local API server on DynamoDB Local: every
 * kind is on until the account turns it off; choices are kept per channel and kind; security notices cannot be turned
 * off; a change needs the password and is itself a security notice; bad bodies are refused and change nothing.
 */

import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import {
  CHANNEL_KINDS,
  LOCKED_NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  type User,
} from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { PASSWORD_CONFIRMATION_MESSAGES } from "../src/modules/identity/password-confirmation.js";
import { readItem } from "./support/db.js";
import { eventually } from "./support/eventually.js";
import { api, useLocalApi } from "./support/local-api.js";
import { mailsTo } from "./support/mail.js";
import { registerUser } from "./support/users.js";

useLocalApi();

type Saved = { message: string; user: User };
const allOn = (): NotificationPreferences => ({
  sms: Object.fromEntries(CHANNEL_KINDS.sms.map((kind) => [kind, true])),
  email: Object.fromEntries(CHANNEL_KINDS.email.map((kind) => [kind, true])),
});

describe("notification preferences", () => {
  it("starts with every kind on, and keeps each choice apart from the others", async () => {
    const { token, input } = await registerUser();
    const { password } = input;
    const me = await api<{ user: User }>("GET", "/auth/me", { token });
    expect(me.body.user.notifications).toEqual(allOn());
    expect(me.body.user.notifications.sms).not.toHaveProperty("monthlyStatement");

    const first = await api<Saved>("PUT", "/auth/me/notifications", {
      token,
      body: { sms: { depositCredited: false }, password },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(NOTIFICATION_MESSAGES.updated);
    expect(first.body.user.notifications.sms.depositCredited).toBe(false);
    expect(first.body.user.notifications.email.depositCredited).toBe(true);

    const second = await api<Saved>("PUT", "/auth/me/notifications", {
      token,
      body: { email: { monthlyStatement: false, payoutSent: false }, sms: { withdrawalRejected: false }, password },
    });
    expect(second.status).toBe(200);
    const expected = allOn();
    expected.sms.depositCredited = false;
    expected.sms.withdrawalRejected = false;
    expected.email.monthlyStatement = false;
    expected.email.payoutSent = false;
    expect(second.body.user.notifications).toEqual(expected);
    expect((await api<{ user: User }>("GET", "/auth/me", { token })).body.user.notifications).toEqual(expected);

    // Turned on again; a locked kind may be "turned on", which changes nothing.
    const third = await api<Saved>("PUT", "/auth/me/notifications", {
      token,
      body: { sms: { depositCredited: true, security: true }, password },
    });
    expect(third.status).toBe(200);
    expect(third.body.user.notifications.sms.depositCredited).toBe(true);
    expect(third.body.user.notifications.email.payoutSent).toBe(false);
  });

  it("refuses to turn a security notice off, an unknown kind, a kind the channel does not carry and bad values, changing nothing", async () => {
    const { token, user, input } = await registerUser();
    const { password } = input;
    await api<Saved>("PUT", "/auth/me/notifications", { token, body: { email: { depositCredited: false }, password } });
    const before = await readItem(keys.user(user._id));

    const refused: [unknown, string][] = [
      ...LOCKED_NOTIFICATION_KINDS.flatMap((kind): [unknown, string][] => [
        [{ sms: { [kind]: false } }, NOTIFICATION_MESSAGES.locked],
        [{ email: { [kind]: false, depositCredited: true } }, NOTIFICATION_MESSAGES.locked],
      ]),
      [{ sms: { monthlyStatement: false } }, NOTIFICATION_MESSAGES.unknownKind],
      [{ email: { jackpot: false } }, NOTIFICATION_MESSAGES.unknownKind],
      [{ push: { depositCredited: false } }, NOTIFICATION_MESSAGES.unknownKind],
      // The API drops a `__proto__` key on arrival, so nothing is left to change.
      [JSON.parse('{"sms":{"__proto__":false}}'), NOTIFICATION_MESSAGES.empty],
      [{ sms: { depositCredited: "no" } }, "Each preference must be true or false"],
      [{}, NOTIFICATION_MESSAGES.empty],
      [{ sms: {} }, NOTIFICATION_MESSAGES.empty],
    ];
    for (const [choices, message] of refused) {
      const body = { ...(choices as object), password };
      const answer = await api<{ message: string }>("PUT", "/auth/me/notifications", { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await readItem(keys.user(user._id))).toEqual(before);
    expect(
      (await api("PUT", "/auth/me/notifications", { body: { sms: { depositCredited: false }, password } })).status,
    ).toBe(401);
  });

  it("refuses a change without the password or with a wrong one (a stolen session alone cannot silence the owner), changing nothing", async () => {
    const { token, user } = await registerUser();
    const before = await readItem(keys.user(user._id));
    const choices = { sms: { depositCredited: false, payoutSent: false }, email: { depositCredited: false } };

    const refused: [unknown, string][] = [
      [choices, "Password is required"],
      [{ ...choices, password: "" }, "Password is required"],
      [{ ...choices, password: 42 }, "Password is required"],
      [{ ...choices, password: "Mvua-Nyingi-43" }, PASSWORD_CONFIRMATION_MESSAGES.wrongPassword],
    ];
    for (const [body, message] of refused) {
      const answer = await api<{ message: string }>("PUT", "/auth/me/notifications", { token, body });
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { message } });
    }
    expect(await readItem(keys.user(user._id))).toEqual(before);
    expect(await noticesOf(user._id)).toEqual([]);
  });

  it("tells the owner of a change by SMS and email, as a security notice, and notes when it was made", async () => {
    const { token, user, input } = await registerUser();
    const saved = await api<Saved>("PUT", "/auth/me/notifications", {
      token,
      body: { sms: { depositCredited: false }, email: { depositCredited: false }, password: input.password },
    });
    expect(saved.status).toBe(200);

    const stored = await readItem(keys.user(user._id));
    expect(Date.now() - Date.parse(String(stored?.notificationsChangedAt))).toBeLessThan(60_000);
    const [notice] = await noticesOf(user._id);
    expect(notice).toMatchObject({ kind: "notifications-changed", data: { sourceIp: "127.0.0.1" } });
    const mails = await eventually(async () => {
      const all = await mailsTo(user.email);
      return all.filter((m) => m.subject === "JengaFund: your alert settings were changed").length ? all : null;
    }, 10_000);
    expect(mails.find((m) => m.subject === "JengaFund: your alert settings were changed")?.text).toContain(
      "From address: 127.0.0.1",
    );
    // The SMS goes too, though the deposit alerts were just turned off: this kind cannot be.
    await eventually(async () => {
      const event = await readItem(keys.outboxEvent(String(notice?.id)));
      return event?.sms === "sent" && event.email === "sent";
    }, 10_000);
  });
});

/** The account's notices of changed alerts, as the outbox holds them. */
async function noticesOf(userId: string) {
  const { Items = [] } = await dynamoDocumentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: "#type = :outbox AND userId = :user AND kind = :kind",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":outbox": "Outbox", ":user": userId, ":kind": "notifications-changed" },
      ConsistentRead: true,
    }),
  );
  return Items;
}
