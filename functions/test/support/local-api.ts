/**
 * The local API server (the one `npm start` runs) on a port of this test file's own, for tests that go over real
 * HTTP: requests arrive from 127.0.0.1 through the server's event mapping, as a browser's do locally.
 */
import type { AuthResponse } from "@jengafund/shared";
import { afterAll, beforeAll } from "vitest";
import { keys } from "../../src/kernel/dynamo/keys.js";
import { createLocalApiServer } from "../../src/local/api-server.js";
import { type OutboxRelay, startOutboxRelay } from "../../src/local/outbox-relay.js";
import { closeServer, listen } from "../../src/local/servers.js";
import { setAttributes } from "./db.js";
import { newRegistration } from "./users.js";

/** Per vitest worker, beside the payments stack's ports (support/payments-stack.ts uses base … base + 2). */
const port = Number(process.env.PAYMENTS_TEST_PORT_BASE ?? 3600) + 10 * Number(process.env.VITEST_POOL_ID ?? 1) + 5;
/** The local API's base URL, for a test that reads an answer `api` does not parse (a PDF). */
export const localApiUrl = `http://127.0.0.1:${port}/api`;
const apiUrl = localApiUrl;

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** One request to the local API; `body` is sent as JSON (a string as it is, for malformed bodies). */
export async function api<T = Record<string, unknown>>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: { body?: unknown; token?: string; idempotencyKey?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      ...options.headers,
    },
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }),
  });
  // A 204 has no body.
  const text = await response.text();
  return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as T };
}

/**
 * Starts the local API before this file's tests and stops it after them, with the outbox relay that sends the
 * notifications as npm start's does (unless `withoutOutboxRelay`).
 */
export function useLocalApi(options: { withoutOutboxRelay?: boolean } = {}): void {
  const server = createLocalApiServer(async (name) => (await import(`../../src/handlers/http/${name}.ts`)).handler);
  let relay: OutboxRelay | undefined;
  beforeAll(async () => {
    await listen(server, port);
    if (!options.withoutOutboxRelay) {
      relay = startOutboxRelay(async () => (await import("../../src/modules/messaging/index.js")).notifications());
    }
  });
  afterAll(async () => {
    await relay?.stop();
    await closeServer(server);
  });
}

/** A registered user made an admin on the table, as an operator does, then signed in again. */
export async function signUpAdmin(): Promise<AuthResponse> {
  const input = newRegistration();
  const registered = await api<AuthResponse>("POST", "/auth/register", { body: input });
  await setAttributes(keys.user(registered.body.user._id), { role: "admin" });
  const login = await api<AuthResponse>("POST", "/auth/login", {
    body: { email: input.email, password: input.password },
  });
  if (login.body.user?.role !== "admin") throw new Error("the new admin could not sign in as an admin");
  return login.body;
}
