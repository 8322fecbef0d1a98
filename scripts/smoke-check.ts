/**
 * The smoke check's steps, shared by `npm run smoke` (scripts/smoke.ts) and the browser-test suite, which runs them
 * against the local stack: register a throwaway investor, log in, read the profile and the packages, refuse a
 * missing session and, with payments, deposit KES 10 by STK push and wait for the balance (against the simulator,
 * or a sandbox phone that pays).
 */
import { randomInt } from "node:crypto";

export interface SmokeOptions {
  url: string;
  withPayments: boolean;
  phone: string;
  /** How long a deposit may take to settle. */
  depositTimeoutMs: number;
  log: (line: string) => void;
}

export interface SmokeStep {
  name: string;
  ms: number;
}

export class SmokeFailure extends Error {}

type Json = Record<string, unknown>;

async function request(
  options: SmokeOptions,
  method: string,
  path: string,
  init: { token?: string; body?: unknown; expect: number },
): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(`${options.url}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new SmokeFailure(`${method} ${path}: could not reach ${options.url} (${cause})`);
  }
  const text = await response.text();
  if (response.status !== init.expect) {
    throw new SmokeFailure(`${method} ${path}: expected ${init.expect}, got ${response.status} ${text.slice(0, 200)}`);
  }
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new SmokeFailure(`${method} ${path}: the answer is not JSON: ${text.slice(0, 200)}`);
  }
}

function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new SmokeFailure(message);
}

/** Runs every step in order; resolves with their timings, or rejects with the first failure. */
export async function runSmoke(options: SmokeOptions): Promise<SmokeStep[]> {
  const steps: SmokeStep[] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await run();
    const ms = Math.round(performance.now() - started);
    steps.push({ name, ms });
    options.log(`ok  ${name} (${ms} ms)`);
    return value;
  };

  const stamp = `${Date.now()}${randomInt(1000)}`;
  const registration = {
    firstName: "Smoke",
    lastName: "Check",
    email: `smoke.${stamp}@example.com`,
    phoneNumber: `07${String(randomInt(10_000_000, 99_999_999))}`,
    password: `Smoke-${stamp}`,
  };

  const registered = await step("register", () =>
    request(options, "POST", "/auth/register", { body: registration, expect: 201 }),
  );
  expectThat(typeof registered.token === "string", "register: no token in the answer");

  const session = await step("login", () =>
    request(options, "POST", "/auth/login", {
      body: { email: registration.email, password: registration.password },
      expect: 200,
    }),
  );
  const token = String(session.token ?? "");
  expectThat(token, "login: no token in the answer");

  const me = await step("me", () => request(options, "GET", "/auth/me", { token, expect: 200 }));
  const user = me.user as Json | undefined;
  expectThat(user?.email === registration.email, "me: the profile is not the one just registered");
  expectThat(user?.isTrialAccount === true, "me: a new account should start as a trial account");

  const catalogue = await step("packages", () => request(options, "GET", "/packages", { token, expect: 200 }));
  expectThat(Array.isArray(catalogue.packages), "packages: no package list in the answer");

  await step("refuses a missing session", () => request(options, "GET", "/auth/me", { expect: 401 }));

  if (options.withPayments) {
    const started = await step("deposit: STK push", () =>
      request(options, "POST", "/mpesa/deposit", {
        token,
        body: { amount: 10, phoneNumber: options.phone },
        expect: 202,
      }),
    );
    const checkoutRequestId = String(started.checkoutRequestId ?? "");
    expectThat(checkoutRequestId, "deposit: no checkoutRequestId in the answer");
    await step("deposit: credited", async () => {
      const deadline = Date.now() + options.depositTimeoutMs;
      for (;;) {
        const status = await request(options, "GET", `/mpesa/deposit/${encodeURIComponent(checkoutRequestId)}`, {
          token,
          expect: 200,
        });
        const state = (status.deposit as Json | undefined)?.status;
        if (state === "completed") {
          expectThat((status.user as Json | undefined)?.walletBalance === 10, "deposit: the wallet is not KES 10");
          return;
        }
        expectThat(state === "pending", `deposit: ended ${String(state)}`);
        expectThat(Date.now() < deadline, "deposit: still pending when the time ran out");
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    });
  }
  return steps;
}
