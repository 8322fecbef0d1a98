/**
 * In AWS a secret is read through the Parameters and Secrets extension's local HTTP endpoint. A stand-in for the
 * extension checks what the code asks it and answers as the extension does.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readSecret } from "../src/kernel/secrets.js";

let server: Server;
let answer: (request: IncomingMessage) => { status: number; body: unknown };
const requests: IncomingMessage[] = [];
const saved = {
  token: process.env.AWS_SESSION_TOKEN,
  port: process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT,
};

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    const { status, body } = answer(request);
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.AWS_SESSION_TOKEN = "session-token";
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((server.address() as AddressInfo).port);
});
afterEach(() => {
  requests.length = 0;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const [name, value] of [
    ["AWS_SESSION_TOKEN", saved.token],
    ["PARAMETERS_SECRETS_EXTENSION_HTTP_PORT", saved.port],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const arn = "arn:aws:secretsmanager:af-south-1:123456789012:secret:jengafund/jwt-AbCdEf";

describe("readSecret through the Parameters and Secrets extension", () => {
  it("asks for the secret by its ARN with the session token, and returns its string", async () => {
    answer = () => ({ status: 200, body: { ARN: arn, Name: "jengafund/jwt", SecretString: "s3cret-value" } });
    await expect(readSecret(arn)).resolves.toBe("s3cret-value");
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe("GET");
    expect(new URL(request?.url ?? "", "http://localhost").pathname).toBe("/secretsmanager/get");
    expect(new URL(request?.url ?? "", "http://localhost").searchParams.get("secretId")).toBe(arn);
    expect(request?.headers["x-aws-parameters-secrets-token"]).toBe("session-token");
  });

  it("fails at once on a refusal (4xx) or a secret without a string", async () => {
    answer = () => ({ status: 400, body: { message: "not authorized" } });
    await expect(readSecret(arn)).rejects.toThrow(/could not be read: 400/);
    expect(requests).toHaveLength(1);
    answer = () => ({ status: 200, body: { ARN: arn, SecretBinary: "AAEC" } });
    await expect(readSecret(arn)).rejects.toThrow(/has no string value/);
  });

  it("asks again when the extension is not ready yet (5xx)", async () => {
    let calls = 0;
    answer = () => (++calls < 3 ? { status: 503, body: {} } : { status: 200, body: { SecretString: "late" } });
    await expect(readSecret(arn)).resolves.toBe("late");
    expect(requests).toHaveLength(3);
  });
});
