/**
 * `npm run mpesa -- register-urls` (scripts/mpesa.ts; design.md §12.3): the Paybill's C2B URLs, with ResponseType
 * "Completed", and its Pull Transactions registration, made with the real Daraja client against the real simulator
 * — in its production mode, where each registration is taken once and a repeat is answered "already registered", and
 * as the command line runs it against the local simulator.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDarajaSimulator } from "../../mpesa-sim/src/server.js";
import { paybillUrls, registerPaybill } from "../../scripts/mpesa.js";
import { callbackPathToken } from "../src/adapters/daraja/callback-tokens.js";
import { closeServer, listen } from "../src/local/servers.js";

const repoRoot = resolve(import.meta.dirname, "..", "..");
const base = Number(process.env.PAYMENTS_TEST_PORT_BASE ?? 3600) + 10 * Number(process.env.VITEST_POOL_ID ?? 1);
const PORTS = { production: base + 5, sandbox: base + 6 };

const production = createDarajaSimulator({ c2bEnvironment: "production", callbackDelayMs: 0 });
const sandbox = createDarajaSimulator({ callbackDelayMs: 0 });

beforeAll(async () => {
  await Promise.all([listen(production, PORTS.production), listen(sandbox, PORTS.sandbox)]);
});
afterAll(async () => {
  await Promise.all([closeServer(production), closeServer(sandbox)]);
});

interface Registrations {
  c2bUrls: { shortCode: string; responseType: string; confirmationUrl: string; validationUrl?: string }[];
  pullRegistrations: { shortCode: string; nominatedNumber: string }[];
}

const registrationsOn = async (port: number) =>
  (await (await fetch(`http://127.0.0.1:${port}/__sim/transactions`)).json()) as Registrations;

const token = randomBytes(16).toString("hex");
/** Each URL carries its own kind's token, derived from the secret (design.md §13.3), never the secret itself. */
const validationToken = callbackPathToken(token, "c2b-validation");
const confirmationToken = callbackPathToken(token, "c2b-confirmation");

describe("registering a Paybill with production Daraja", () => {
  const target = {
    darajaUrl: `http://127.0.0.1:${PORTS.production}`,
    consumerKey: "local-consumer-key",
    consumerSecret: "local-consumer-secret",
    shortCode: "654321",
    callbackBaseUrl: "https://app.jengafund.co.ke/api/",
    callbackToken: token,
    nominatedNumber: "254722000111",
    c2bVersion: "v2" as const,
  };

  it("registers the validation and confirmation URLs with ResponseType Completed, and Pull Transactions", async () => {
    const done = await registerPaybill(target);
    expect(done).toEqual({
      c2bUrls: "registered",
      pullTransactions: "registered",
      validationUrl: `https://app.jengafund.co.ke/api/hooks/daraja/c2b-validation/${validationToken}`,
      confirmationUrl: `https://app.jengafund.co.ke/api/hooks/daraja/c2b-confirmation/${confirmationToken}`,
    });
    expect(validationToken).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmationToken).not.toBe(validationToken);
    expect(done.confirmationUrl).not.toContain(token);
    const { c2bUrls, pullRegistrations } = await registrationsOn(PORTS.production);
    expect(c2bUrls).toEqual([
      expect.objectContaining({
        shortCode: "654321",
        responseType: "Completed",
        validationUrl: done.validationUrl,
        confirmationUrl: done.confirmationUrl,
      }),
    ]);
    expect(pullRegistrations).toEqual([
      expect.objectContaining({ shortCode: "654321", nominatedNumber: "254722000111" }),
    ]);
  });

  it("answers a second run kindly: Safaricom already has both, and keeps them", async () => {
    const again = await registerPaybill({ ...target, callbackToken: "0123456789abcdef" });
    expect(again).toMatchObject({ c2bUrls: "already registered", pullTransactions: "already registered" });
    // The first registration stands.
    const { c2bUrls } = await registrationsOn(PORTS.production);
    expect(c2bUrls).toHaveLength(1);
    expect(c2bUrls[0]?.confirmationUrl).toBe(paybillUrls(target.callbackBaseUrl, token).confirmationUrl);
  });

  it("fails on what Daraja refuses, with Daraja's words", async () => {
    // Production takes https URLs only.
    await expect(
      registerPaybill({ ...target, shortCode: "654322", callbackBaseUrl: "http://app.jengafund.co.ke/api" }),
    ).rejects.toMatchObject({ name: "DarajaError", errorMessage: "Bad Request - Invalid ConfirmationURL" });
  });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run mpesa -- <args>` as an operator runs it. */
function runMpesa(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/mpesa.ts", ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 50_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

describe("npm run mpesa -- register-urls, without --stage", () => {
  const env = { MPESA_SIM_PORT: String(PORTS.sandbox), API_PORT: "3999", MPESA_CALLBACK_TOKEN: token };

  it("registers the local API's URLs with the local simulator and says what it did", async () => {
    const run = await runMpesa(["register-urls"], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Local Daraja simulator at http://127.0.0.1:${PORTS.sandbox}, Paybill 600984`);
    expect(run.stdout).toContain("C2B URLs (v2, ResponseType Completed): registered");
    expect(run.stdout).toContain("Pull Transactions (nominated number 254708374149): registered");
    // The STK short code's payments are read there too, for the receipts of the payments reconciliation finds.
    expect(run.stdout).toContain("Pull Transactions of the STK short code 174379: registered");
    // The token is a secret: only its first characters are printed.
    for (const secret of [token, validationToken, confirmationToken]) expect(run.stdout).not.toContain(secret);
    expect(run.stdout).toContain(
      `http://127.0.0.1:3999/api/hooks/daraja/c2b-confirmation/${confirmationToken.slice(0, 4)}…`,
    );

    const { c2bUrls, pullRegistrations } = await registrationsOn(PORTS.sandbox);
    expect(c2bUrls).toEqual([
      expect.objectContaining({
        shortCode: "600984",
        responseType: "Completed",
        validationUrl: `http://127.0.0.1:3999/api/hooks/daraja/c2b-validation/${validationToken}`,
        confirmationUrl: `http://127.0.0.1:3999/api/hooks/daraja/c2b-confirmation/${confirmationToken}`,
      }),
    ]);
    expect(pullRegistrations).toEqual([
      expect.objectContaining({ shortCode: "600984" }),
      expect.objectContaining({ shortCode: "174379", nominatedNumber: "254708374149" }),
    ]);
  });

  it("registers again in the sandbox (which overwrites), the Pull registration being kept", async () => {
    const run = await runMpesa(["register-urls", "--c2b-version", "v1"], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("C2B URLs (v1, ResponseType Completed): registered");
    expect(run.stdout).toContain("Pull Transactions (nominated number 254708374149): already registered");
    expect(run.stdout).toContain("Pull Transactions of the STK short code 174379: already registered");
  });

  it("refuses a deployed stage without the nominated number, and an unknown command, before calling anyone", async () => {
    const stage = await runMpesa(["register-urls", "--stage", "prod"], env);
    expect(stage.code).toBe(2);
    expect(stage.stderr).toContain("--nominated-number");
    const unknown = await runMpesa(["register"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Usage: npm run mpesa -- register-urls");
  });
});
