/**
 * The session signing keys as a function reads them in AWS (kernel/config.ts): from the secret named by
 * JWT_SECRET_ARN, through the Parameters and Secrets extension's local HTTP endpoint, here a small HTTP server of the
 * test's own that answers as the extension does. The keys are read again every 10 minutes, and after a minute when a
 * token names a key not known (a rotation begun elsewhere); a read that fails keeps the keys last read.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { INITIAL_KID } from "../src/kernel/signing-keys.js";

let secretString = "p".repeat(40);
let reads = 0;
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    reads += 1;
    if (request.headers["x-aws-parameters-secrets-token"] !== "session-token") {
      response.writeHead(403).end("no token");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ SecretString: secretString }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** A fresh container: the configuration module loaded anew, reading the secret by its ARN. */
async function container() {
  vi.resetModules();
  vi.stubEnv("JWT_SECRET", undefined);
  vi.stubEnv("JWT_SECRET_ARN", "arn:aws:secretsmanager:af-south-1:000000000000:secret:JwtSecret");
  vi.stubEnv("AWS_SESSION_TOKEN", "session-token");
  vi.stubEnv("PARAMETERS_SECRETS_EXTENSION_HTTP_PORT", String((server.address() as AddressInfo).port));
  return import("../src/kernel/config.js");
}

const json = (current: string, previous?: string) =>
  JSON.stringify({
    current: { kid: current, key: current.repeat(40) },
    ...(previous ? { previous: { kid: previous, key: previous.repeat(40) } } : {}),
  });

describe("the session signing keys of a function in AWS", () => {
  it("reads a plain secret as the one key (kid `initial`), and JSON as a current and a previous key", async () => {
    secretString = "p".repeat(40);
    const plain = await container();
    expect((await plain.loadJwtKeys()).current.kid).toBe(INITIAL_KID);
    expect(Buffer.from(await plain.loadJwtSecret()).toString()).toBe("p".repeat(40));

    secretString = json("b", "a");
    const rotated = await container();
    const keys = await rotated.loadJwtKeys();
    expect([keys.current.kid, keys.previous?.kid]).toEqual(["b", "a"]);
  });

  it("reads again after 10 minutes, and on a refresh only once its copy is a minute old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    secretString = json("a");
    const config = await container();
    expect((await config.loadJwtKeys()).current.kid).toBe("a");
    const before = reads;

    secretString = json("b", "a");
    // Within the minute a refresh answers from the copy: a forged kid costs at most one read a minute.
    vi.setSystemTime(Date.now() + 30_000);
    expect((await config.loadJwtKeys({ refresh: true })).current.kid).toBe("a");
    expect(reads).toBe(before);
    vi.setSystemTime(Date.now() + 31_000);
    expect((await config.loadJwtKeys({ refresh: true })).current.kid).toBe("b");
    expect(reads).toBe(before + 1);

    // Without a refresh, the copy serves for 10 minutes, then the secret is read again.
    secretString = json("c", "b");
    vi.setSystemTime(Date.now() + 9 * 60_000);
    expect((await config.loadJwtKeys()).current.kid).toBe("b");
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await config.loadJwtKeys()).current.kid).toBe("c");
  });

  it("keeps the keys it had when a later read is malformed, while a new container refuses it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    secretString = json("a");
    const running = await container();
    expect((await running.loadJwtKeys()).current.kid).toBe("a");

    secretString = JSON.stringify({ current: { kid: "b", key: "short" } });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await running.loadJwtKeys()).current.kid).toBe("a");

    const started = await container();
    await expect(started.loadJwtKeys()).rejects.toThrow(
      "Invalid configuration: the JWT secret's current.key must be at least 32 characters",
    );
  });
});
