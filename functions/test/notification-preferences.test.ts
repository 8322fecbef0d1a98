/**
 * Account → Notifications (design.md §12.6), over HTTP through the local API server on DynamoDB Local: every kind is
 * on until the account turns it off; choices are kept per channel and kind; security notices cannot be turned off;
 * bad bodies are refused and change nothing.
 */
import {
  CHANNEL_KINDS,
  LOCKED_NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  type User,
} from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { keys } from "../src/repositories/dynamo/keys.js";
import { readItem } from "./support/db.js";
import { api, useLocalApi } from "./support/local-api.js";
import { registerUser } from "./support/users.js";

useLocalApi();

type Saved = { message: string; user: User };
const allOn = (): NotificationPreferences => ({
  sms: Object.fromEntries(CHANNEL_KINDS.sms.map((kind) => [kind, true])),
  email: Object.fromEntries(CHANNEL_KINDS.email.map((kind) => [kind, true])),
});

describe("notification preferences", () => {
  it("starts with every kind on, and keeps each choice apart from the others", async () => {
    const { token } = await registerUser();
    const me = await api<{ user: User }>("GET", "/auth/me", { token });
    expect(me.body.user.notifications).toEqual(allOn());
    expect(me.body.user.notifications.sms).not.toHaveProperty("monthlyStatement");

    const first = await api<Saved>("PUT", "/auth/me/notifications", {
      token,
      body: { sms: { depositCredited: false } },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(NOTIFICATION_MESSAGES.updated);
    expect(first.body.user.notifications.sms.depositCredited).toBe(false);
    expect(first.body.user.notifications.email.depositCredited).toBe(true);

    const second = await api<Saved>("PUT", "/auth/me/notifications", {
      token,
      body: { email: { monthlyStatement: false, payoutSent: false }, sms: { withdrawalRejected: false } },
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
      body: { sms: { depositCredited: true, security: true } },
    });
    expect(third.status).toBe(200);
    expect(third.body.user.notifications.sms.depositCredited).toBe(true);
    expect(third.body.user.notifications.email.payoutSent).toBe(false);
  });

  it("refuses to turn a security notice off, an unknown kind, a kind the channel does not carry and bad values, changing nothing", async () => {
    const { token, user } = await registerUser();
    await api<Saved>("PUT", "/auth/me/notifications", { token, body: { email: { depositCredited: false } } });
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
    for (const [body, message] of refused) {
      const answer = await api<{ message: string }>("PUT", "/auth/me/notifications", { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await readItem(keys.user(user._id))).toEqual(before);
    expect((await api("PUT", "/auth/me/notifications", { body: { sms: { depositCredited: false } } })).status).toBe(
      401,
    );
  });
});
