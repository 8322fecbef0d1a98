/**
 * The handlers as they are deployed: each route's file bundled on its own, as the CDK bundles it (esbuild, ESM,
 * minified, tree-shaken), then loaded fresh and called. A bundle that lost part of its wiring to tree-shaking (a
 * side-effect-only import dropped, a dependency never provided) fails here, where the shared test process would not
 * notice: there every module is loaded anyway.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { type RouteDefinition, routes, sendsMail } from "@jengafund/shared";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lambdaBundleAliases } from "../src/bundling.js";
import { call, gatewayEvent, testContext } from "./support/events.js";
import { pdfLines } from "./support/pdf-text.js";
import { registerUser } from "./support/users.js";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

let outDir: string;

/** Every HTTP handler bundled at once, each on its own, with the options of infra/lib/constructs/app-function.ts. */
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "jengafund-bundles-"));
  await build({
    entryPoints: routes.map((route) =>
      join(import.meta.dirname, "..", "src", "handlers", "http", `${route.handler}.ts`),
    ),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: false,
    platform: "node",
    format: "esm",
    target: "node22",
    mainFields: ["module", "main"],
    minify: true,
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    alias: Object.fromEntries(
      Object.entries(lambdaBundleAliases).map(([name, path]) => [name, join(import.meta.dirname, "..", "..", path)]),
    ),
    logLevel: "error",
  });
}, 120_000);
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

/** One handler's bundle, loaded fresh: its own copy of every module it carries. */
async function bundled(name: string): Promise<Handler> {
  return ((await import(pathToFileURL(join(outDir, `${name}.mjs`)).href)) as { handler: Handler }).handler;
}

describe("every route's own bundle", () => {
  it.each(routes.filter((route) => route.access !== "public").map((route) => [route.handler] as const))(
    "%s refuses an anonymous caller with 401, its wiring intact",
    async (name) => {
      const handler = await bundled(name);
      const response = await call(handler, gatewayEvent(name, { body: {} }));
      expect(response).toEqual({ statusCode: 401, body: { message: "Please log in to continue" } });
    },
  );

  /** The routes whose bundle holds `client` (a pattern only its code contains). */
  const carrying = (client: RegExp) =>
    routes
      .filter((route) => client.test(readFileSync(join(outDir, `${route.handler}.mjs`), "utf8")))
      .map((route) => route.handler);
  const PASSWORD_HASHING = /hash-wasm|argon2/;
  const EVENTBRIDGE_CLIENT = /EventBridgeClient/;
  const DARAJA_CLIENT = /oauth\/v1\/generate/;
  const MAIL_CLIENT = /nodemailer|SESv2Client/;

  it("carries a mail client (nodemailer, SES) exactly in the bundles of the routes flagged `mail`", () => {
    expect(carrying(MAIL_CLIENT)).toEqual(routes.filter(sendsMail).map((route) => route.handler));
  });

  it("carries password hashing, the EventBridge client and the Daraja client only where the route uses them", () => {
    // Turning two-factor sign-in on or off, renewing recovery codes (design.md §12.2) and changing the alerts
    // (§13.2) check the password.
    expect(carrying(PASSWORD_HASHING)).toEqual([
      "register-user",
      "login-user",
      "update-notification-preferences",
      "reset-password",
      "enable-two-factor",
      "disable-two-factor",
      "regenerate-recovery-codes",
    ]);
    expect(carrying(EVENTBRIDGE_CLIENT)).toEqual(["receive-daraja-callback"]);
    // The STK push of a deposit, the B2C payout of an approved withdrawal.
    expect(carrying(DARAJA_CLIENT)).toEqual(["start-deposit", "process-withdrawal"]);
  });

  it("carries none of them, and no mail client, in a read route's bundle", () => {
    const reads = new Set<string>(routes.filter((route) => route.data === "read").map((route) => route.handler));
    for (const client of [PASSWORD_HASHING, EVENTBRIDGE_CLIENT, DARAJA_CLIENT, MAIL_CLIENT]) {
      expect(carrying(client).filter((handler) => reads.has(handler))).toEqual([]);
    }
  });

  it("carries the validation library (zod) only where the route has input to check", () => {
    const ZOD = /\$ZodType/;
    const without = routes.map((route) => route.handler).filter((handler) => !carrying(ZOD).includes(handler));
    // The configuration is read without it (src/lib/config.ts), so a route that takes no body, path or query carries
    // none: the signed-in reads, the admin statistics, the start of a two-factor setup, the payout numbers, the
    // Paybill's numbers and the logouts.
    expect(without.sort()).toEqual(
      [
        "get-admin-stats",
        "get-current-user",
        "list-investments",
        "list-packages",
        "list-referrals",
        "list-transactions",
        "list-withdrawals",
        "list-payout-numbers",
        "get-paybill-details",
        "start-two-factor-setup",
        "logout-user",
        "logout-all-sessions",
      ].sort(),
    );
  });

  /** quality.md: a read route's bundle, gzip (scripts/bench.ts measures the same). */
  const READ_ROUTE_BUDGET_KB = 125;
  /**
   * The statement's bundle carries pdfkit (its browser build, about 60 KB gzip, with its compression, encryption and
   * line-breaking helpers): the one read route allowed past the budget, to this ceiling.
   */
  const STATEMENT_BUDGET_KB = 220;
  /**
   * The identity documents' routes carry the S3 client and its presigners (design.md §13.5): allowed past the budget,
   * to this ceiling, and no other route carries them.
   */
  const DOCUMENTS_BUDGET_KB = 210;
  const documentRoutes = routes.filter((route: RouteDefinition) => route.documents).map((route) => route.handler);
  const gzipKb = (handler: string) =>
    gzipSync(readFileSync(join(outDir, `${handler}.mjs`)), { level: 9 }).length / 1024;

  it("keeps every read route's bundle (every GET: some count or audit themselves) within budget, the statement's within its own ceiling", () => {
    const over = routes
      .filter((route) => route.method === "GET" && route.handler !== "get-statement")
      .filter((route) => !documentRoutes.includes(route.handler))
      .filter((route) => gzipKb(route.handler) > READ_ROUTE_BUDGET_KB)
      .map((route) => route.handler);
    expect(over).toEqual([]);
    expect(gzipKb("get-statement")).toBeLessThanOrEqual(STATEMENT_BUDGET_KB);
    for (const handler of documentRoutes) expect(gzipKb(handler), handler).toBeLessThanOrEqual(DOCUMENTS_BUDGET_KB);
  });

  it("carries the S3 client only in the identity documents' routes", () => {
    expect(carrying(/HeadObjectCommand|GetObjectCommand/).sort()).toEqual([...documentRoutes].sort());
  });

  it("carries pdfkit only in the statement's bundle, and fontkit in none", () => {
    expect(carrying(/registerStdFonts/)).toEqual(["get-statement"]);
    expect(carrying(/fontkit|brotli/i)).toEqual([]);
  });

  it("GET /statements renders a PDF from its bundle alone (pdfkit's browser build, the standard fonts handed to it)", async () => {
    const { token, user } = await registerUser();
    const response = await bundled("get-statement").then((handler) =>
      handler(gatewayEvent("get-statement", { token, query: { format: "pdf" } }), testContext),
    );
    expect(response.statusCode).toBe(200);
    expect(response.isBase64Encoded).toBe(true);
    expect(response.headers?.["content-type"]).toBe("application/pdf");
    const pdf = Buffer.from(response.body ?? "", "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (await pdfLines(pdf)).flat();
    expect(text).toContain(`${user.firstName} ${user.lastName}`);
    // The trial's opening balance is the account's demo money: its block is there, in the standard fonts' text.
    expect(text).toContain("Demo money (not withdrawable)");
  });

  it("GET /auth/me answers a signed-in caller from its bundle alone", async () => {
    const { token, user } = await registerUser();
    const response = await call<{ user: { _id: string } }>(
      await bundled("get-current-user"),
      gatewayEvent("get-current-user", { token }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.user._id).toBe(user._id);
  });
});
