/**
 * Forgot-password tells nobody by its time whether an email has an account (design.md §11): the request does the
 * same work for any email (two reads, one transaction; the mail leaves later, from the outbox), so known and unknown
 * emails are answered in the same time. Measured over real HTTP, 50 tries each way, interleaved so that whatever
 * else the machine is doing weighs on both alike; the means must be within 50 ms.
 */
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { createDynamoOutboxRepository } from "../src/kernel/dynamo/outbox.js";
import { PASSWORD_RESET_MESSAGES } from "../src/modules/identity/password-reset.js";
import { api, useLocalApi } from "./support/local-api.js";
import { registerUser } from "./support/users.js";

// Room for every try from this one address and for the one email (the limits have tests of their own).
process.env.PASSWORD_RESET_MAX_PER_EMAIL_PER_HOUR = "1000";
process.env.PASSWORD_RESET_MAX_PER_IP_PER_HOUR = "1000";

// The outbox's events stay in the table: sending them is the notifications sender's work, not the request's.
useLocalApi({ withoutOutboxRelay: true });

const TRIES = 50;

async function timedRequest(email: string): Promise<number> {
  const started = performance.now();
  const answer = await api("POST", "/auth/forgot-password", { body: { email } });
  const took = performance.now() - started;
  expect(answer).toEqual({ status: 202, body: { message: PASSWORD_RESET_MESSAGES.requested } });
  return took;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe("POST /auth/forgot-password", () => {
  it("answers a known email and an unknown one in the same time (means within 50 ms over 50 tries each)", async () => {
    const { input } = await registerUser();
    const unknown = (i: number) => `nobody.${Date.now()}.${i}@example.co.ke`;
    // Warm: the route's first request loads its modules and clients.
    for (let i = 0; i < 3; i++) {
      await timedRequest(input.email);
      await timedRequest(unknown(-i - 1));
    }
    const known: number[] = [];
    const unknowns: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      // Alternate which goes first, so neither always follows the other.
      if (i % 2 === 0) {
        known.push(await timedRequest(input.email));
        unknowns.push(await timedRequest(unknown(i)));
      } else {
        unknowns.push(await timedRequest(unknown(i)));
        known.push(await timedRequest(input.email));
      }
    }
    // The known email's tries did their work: a link and its email each (this file's table holds nothing else open).
    expect(await createDynamoOutboxRepository().countOpen(new Date(Date.now() + 1000).toISOString())).toBe(TRIES + 3);
    const gap = Math.abs(mean(known) - mean(unknowns));
    expect(gap, `known ${mean(known).toFixed(1)} ms, unknown ${mean(unknowns).toFixed(1)} ms`).toBeLessThan(50);
  });
});
