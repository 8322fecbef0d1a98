/**
 * The functions exactly as `cdk deploy` would upload them: each Lambda of the prod synth's Api stack (and of its
 * nested area stacks) started from its
 * own asset folder by AWS's runtime interface client on Node.js 22, with the template's handler string and
 * environment (Secrets Manager ARNs answered by a stand-in for the Parameters and Secrets extension; the table and
 * the bus pointed at DynamoDB Local and the local event bus, Daraja at the project's simulator set up with the prod
 * template's shortcodes and initiator and this run's secrets), then invoked with events of their real shapes: HTTP API
 * payload v2 through CloudFront (with the origin secret, and without it), the EventBridge envelope the ingest
 * published for settle, and its schedule's event for each scheduled job. A module that fails to load, a handler that
 * throws, or a 500 fails here — where the source-level tests, which load every module anyway, would not notice.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { API_BASE_PATH, type RouteHandlerName, routes } from "@jengafund/shared";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { callbackPathToken } from "../../functions/src/adapters/daraja/callback-tokens.js";
import { EVENT_SOURCE } from "../../functions/src/kernel/event-names.js";
import { type DynamoDbLocal, localDynamoClient, startDynamoDbLocal } from "../../functions/src/local/dynamodb-local.js";
import { createLocalEventBus, type EventEnvelope, type LocalEventBus } from "../../functions/src/local/event-bus.js";
import { closeServer, listen } from "../../functions/src/local/servers.js";
import { ensureTable } from "../../functions/src/local/table.js";
import { totpCodeAt } from "../../functions/src/modules/identity/totp.js";
import { gatewayEvent } from "../../functions/test/support/events.js";
import { newRegistration } from "../../functions/test/support/users.js";
import { createDarajaSimulator } from "../../mpesa-sim/src/server.js";
import { type CfnTemplate, nestedIn, resourcesOfType, type SynthesizedStack, stacksIn } from "./assembly.js";
import {
  type InvocationOutcome,
  type RunningFunction,
  startFunction,
  startSecretsExtension,
} from "./lambda-runtime.js";

const DYNAMODB_PORT = Number(process.env.DEPLOY_TEST_DYNAMODB_PORT ?? 8340);
const SESSION_TOKEN = randomBytes(24).toString("base64");
const EDGE = "130.176.212.13";
const SAFARICOM = "196.201.214.200";
const ADMIN = { email: "admin@jengafund.local", password: "Admin@12345" };

type Json = Record<string, unknown>;
interface HttpAnswer {
  statusCode: number;
  body: Json & { message?: string };
  raw: string;
}

let dynamo: DynamoDbLocal;
let bus: LocalEventBus;
let daraja: ReturnType<typeof createDarajaSimulator>;
let extension: Awaited<ReturnType<typeof startSecretsExtension>>;
const published: EventEnvelope[] = [];
const running = new Map<string, Promise<RunningFunction>>();
let stacks: SynthesizedStack[];
let api: SynthesizedStack;
let secrets: Map<string, string>;
let tableName: string;

/** The stack that declares `OutputName` in its Outputs, and the logical id its value references. */
function outputTarget(stackName: string, outputName: string) {
  const stack = stacks.find((candidate) => candidate.name === stackName);
  const value = (stack?.template.Outputs?.[outputName] as { Value?: { Ref?: string } } | undefined)?.Value;
  if (!stack || !value?.Ref) throw new Error(`cannot resolve ${stackName}.${outputName}`);
  return { stack, logicalId: value.Ref, resource: stack.template.Resources[value.Ref] };
}

/**
 * A template value as CloudFormation would resolve it in this test's world: the Data stack's secrets become ARNs the
 * extension stand-in serves, the table becomes this run's table in DynamoDB Local, a bucket and a bus their names.
 */
function resolve(value: unknown, template: CfnTemplate, region: string): string {
  if (typeof value === "string") return value;
  const intrinsic = value as { "Fn::GetStackOutput"?: { StackName: string; OutputName: string }; Ref?: string };
  if (intrinsic["Fn::GetStackOutput"]) {
    const { StackName, OutputName } = intrinsic["Fn::GetStackOutput"];
    const { logicalId, resource } = outputTarget(StackName, OutputName);
    if (resource?.Type === "AWS::SecretsManager::Secret") return secretArn(region, logicalId);
    if (resource?.Type === "AWS::DynamoDB::GlobalTable" || resource?.Type === "AWS::DynamoDB::Table") return tableName;
    // The identity documents' bucket: a name only (these requests are refused before any document is touched).
    if (resource?.Type === "AWS::S3::Bucket") return logicalId.toLowerCase();
  }
  if (intrinsic.Ref) {
    const name = template.Resources[intrinsic.Ref]?.Properties?.Name;
    if (typeof name === "string") return name;
  }
  throw new Error(`the test cannot resolve ${JSON.stringify(value)}`);
}

const secretArn = (region: string, logicalId: string) =>
  `arn:aws:secretsmanager:${region}:111122223333:secret:${logicalId}-AbCdEf`;

/** Each Data-stack secret with a value of this run: random, as the stack generates them. */
function secretValues(): Map<string, string> {
  const data = stacks.find((stack) => stack.name.endsWith("-Data"));
  if (!data) throw new Error("no Data stack");
  return new Map(
    resourcesOfType(data.template, "AWS::SecretsManager::Secret").map(([logicalId]) => [
      secretArn(data.region, logicalId),
      randomBytes(32).toString("hex"),
    ]),
  );
}

interface FunctionResource {
  logicalId: string;
  description: string;
  handler: string;
  runtime: string;
  memorySize: number;
  assetDir: string;
  environment: Record<string, unknown>;
  /** The template it is declared in: the Api stack's, or a nested stack's. */
  template: CfnTemplate;
}

/** The functions of the Api stack and of its nested stacks, read from their templates once. */
let apiFunctionList: FunctionResource[] | undefined;
function apiFunctions(): FunctionResource[] {
  apiFunctionList ??= [api, ...nestedIn(stacks, api)].flatMap(({ template }) =>
    resourcesOfType(template, "AWS::Lambda::Function").map(([logicalId, resource]) => {
      const p = resource.Properties as {
        Description?: string;
        Handler: string;
        Runtime: string;
        MemorySize: number;
        Code: { S3Key: string };
        Environment?: { Variables?: Record<string, unknown> };
      };
      return {
        logicalId,
        description: p.Description ?? "",
        handler: p.Handler,
        runtime: p.Runtime,
        memorySize: p.MemorySize,
        assetDir: join(inject("synthDirs").prod, `asset.${p.Code.S3Key.replace(/\.zip$/, "")}`),
        environment: p.Environment?.Variables ?? {},
        template,
      };
    }),
  );
  return apiFunctionList;
}

function functionOf(find: (fn: FunctionResource) => boolean, label: string): Promise<RunningFunction> {
  const fn = apiFunctions().find(find);
  if (!fn) throw new Error(`no function for ${label} in the prod Api stack`);
  let started = running.get(fn.logicalId);
  if (!started) {
    const environment = Object.fromEntries(
      Object.entries(fn.environment).map(([name, value]) => [name, resolve(value, fn.template, api.region)]),
    );
    started = startFunction({
      name: fn.logicalId,
      assetDir: fn.assetDir,
      handler: fn.handler,
      memorySize: fn.memorySize,
      region: api.region,
      sessionToken: SESSION_TOKEN,
      environment: {
        ...environment,
        // Where the SDK clients send their calls: the configuration's own endpoint settings, as `npm start` uses.
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${(bus.address() as { port: number }).port}`,
        ...(environment.MPESA_BASE_URL
          ? { MPESA_BASE_URL: `http://127.0.0.1:${(daraja.address() as { port: number }).port}` }
          : {}),
      },
    });
    running.set(fn.logicalId, started);
  }
  return started;
}

const routeFunction = (handler: RouteHandlerName) => {
  const route = routes.find((candidate) => candidate.handler === handler);
  if (!route) throw new Error(`no route ${handler}`);
  return functionOf((fn) => fn.description === `${route.method} ${API_BASE_PATH}${route.path}`, handler);
};

/** A variable as the template sets it on the functions that have it, resolved. */
function templateVariable(name: string): string {
  const fn = apiFunctions().find((candidate) => candidate.environment[name] !== undefined);
  if (!fn) throw new Error(`no function has ${name}`);
  return resolve(fn.environment[name], fn.template, api.region);
}

/** The value of the secret whose ARN the template gives in `name`. */
function secretOf(name: string): string {
  const value = secrets.get(templateVariable(name));
  if (value === undefined) throw new Error(`no secret for ${name}`);
  return value;
}

const originSecret = () => secretOf("ORIGIN_SECRET_ARN");

async function invoke(fn: RunningFunction, event: unknown): Promise<InvocationOutcome> {
  const outcome = await fn.invoke(event);
  if (outcome.kind === "error") {
    throw new Error(`the handler failed: ${outcome.errorType} ${JSON.stringify(outcome.payload)}\n${fn.output()}`);
  }
  return outcome;
}

/** An HTTP API request as CloudFront forwards it: from an edge address, the viewer's in its header, the secret on. */
async function viaCloudFront(
  handler: RouteHandlerName,
  options: Parameters<typeof gatewayEvent>[1] = {},
  viewer = "41.90.64.10",
): Promise<HttpAnswer> {
  const event = gatewayEvent(handler, {
    ...options,
    sourceIp: EDGE,
    headers: {
      "x-origin-verify": originSecret(),
      "cloudfront-viewer-address": `${viewer}:51234`,
      "x-forwarded-for": `${viewer}, ${EDGE}`,
      ...options.headers,
    },
  });
  return httpAnswer(handler, event);
}

async function httpAnswer(handler: RouteHandlerName, event: APIGatewayProxyEventV2): Promise<HttpAnswer> {
  const fn = await routeFunction(handler);
  const { payload } = (await invoke(fn, event)) as { payload: { statusCode: number; body?: string } };
  const raw = payload.body ?? "";
  let body: Json = {};
  try {
    body = JSON.parse(raw) as Json;
  } catch {
    // CSV and other non-JSON answers keep their raw text.
  }
  if (payload.statusCode >= 500) throw new Error(`${handler} answered ${payload.statusCode}: ${raw}\n${fn.output()}`);
  return { statusCode: payload.statusCode, body, raw };
}

beforeAll(async () => {
  stacks = stacksIn(inject("synthDirs").prod);
  const found = stacks.find((stack) => stack.name.endsWith("-Api"));
  if (!found) throw new Error("no Api stack in the prod synth");
  api = found;
  secrets = secretValues();
  tableName = `deploy-${randomBytes(4).toString("hex")}`;
  dynamo = await startDynamoDbLocal({ port: DYNAMODB_PORT });
  await ensureTable(localDynamoClient(dynamo.endpoint), tableName);
  bus = createLocalEventBus([
    {
      source: EVENT_SOURCE,
      target: async (event) => {
        published.push(event);
      },
    },
  ]);
  await listen(bus, 0);
  // Daraja as prod's functions are configured for it; its own callbacks never fire here (the test delivers them).
  daraja = createDarajaSimulator({
    consumerKey: secretOf("MPESA_CONSUMER_KEY_ARN"),
    consumerSecret: secretOf("MPESA_CONSUMER_SECRET_ARN"),
    passkey: secretOf("MPESA_PASSKEY_ARN"),
    stkShortcode: templateVariable("MPESA_SHORTCODE"),
    b2cShortcode: templateVariable("MPESA_B2C_SHORTCODE"),
    initiatorName: templateVariable("MPESA_INITIATOR_NAME"),
    callbackDelayMs: 600_000,
  });
  await listen(daraja, 0);
  const port = Number(
    apiFunctions().find((fn) => fn.environment.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT)?.environment
      .PARAMETERS_SECRETS_EXTENSION_HTTP_PORT,
  );
  extension = await startSecretsExtension({ port, sessionToken: SESSION_TOKEN, secrets });
  // The operator's first admin (README: an admin is made on the table, not by the API), seeded in this process.
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: api.region });
  const { seedDevData } = await import("../../functions/src/local/seed.js");
  await seedDevData(ADMIN);
}, 120_000);

afterAll(async () => {
  await Promise.all([...running.values()].map(async (fn) => (await fn).stop()));
  await Promise.all([extension?.close(), bus && closeServer(bus), daraja && closeServer(daraja), dynamo?.stop()]);
});

describe("the prod synth's functions, run by AWS's runtime interface client on Node.js 22", () => {
  it("are one Node.js 22 function per route, per event handler and per scheduled job, each with its own asset folder", () => {
    const functions = apiFunctions();
    expect(functions.map((fn) => fn.description).sort()).toEqual(
      [
        ...routes.map((route) => `${route.method} ${API_BASE_PATH}${route.path}`),
        "Applies M-Pesa callbacks from the payments bus",
        "Asks Daraja about STK deposits still pending (STK query)",
        "Asks Daraja about approved payouts without a result (Transaction Status)",
        "Confirms held Paybill payments with M-Pesa's record and counts stale unmatched ones",
        "Pulls the last hour of Paybill payments from Daraja and settles the unconfirmed ones",
        "Returns the capital of matured investments to the balances they were bought from",
        "Sends the money alerts (SMS and e-mail) still open in the outbox",
        "Sends money alerts (SMS and e-mail) for new outbox items from the table's stream",
        "Mails each account with activity last month its statement (PDF)",
      ].sort(),
    );
    for (const fn of functions) {
      expect(fn.runtime, fn.logicalId).toBe("nodejs22.x");
      expect(fn.handler, fn.logicalId).toBe("index.handler");
    }
    expect(process.versions.node.split(".")[0]).toBe("22");
  });

  it.each(routes.map((route) => [`${route.method} ${API_BASE_PATH}${route.path}`, route.handler] as const))(
    "%s loads and refuses a request that skipped CloudFront with 403",
    async (_, handler) => {
      const answer = await httpAnswer(
        handler,
        gatewayEvent(handler, {
          sourceIp: "203.0.113.50",
          pathParameters: {
            id: "01ZZZZZZZZZZZZZZZZZZZZZZZZ",
            checkoutRequestId: "x",
            code: "X",
            kind: "stk",
            token: "x",
          },
          body: {},
        }),
      );
      expect(answer).toMatchObject({ statusCode: 403, body: { message: "Forbidden" } });
    },
  );

  describe("serve real requests through CloudFront", () => {
    const investor = newRegistration({ firstName: "Achieng", lastName: "Otieno" });
    let investorToken = "";
    let investorId = "";
    let adminToken = "";
    let packageId = "";
    let packagePrice = 0;
    let investmentId = "";

    it("registers and signs in an investor, who reads their account", async () => {
      const registered = await viaCloudFront("register-user", { body: investor });
      expect(registered.statusCode).toBe(201);
      const login = await viaCloudFront("login-user", {
        body: { email: investor.email, password: investor.password },
      });
      expect(login.statusCode).toBe(200);
      investorToken = String(login.body.token);
      const me = await viaCloudFront("get-current-user", { token: investorToken });
      expect(me.statusCode).toBe(200);
      investorId = String((me.body.user as Json)._id);
      expect((me.body.user as Json).email).toBe(investor.email);
    });

    it.each(["list-packages", "list-investments", "list-referrals", "list-withdrawals", "list-transactions"] as const)(
      "answers the investor's %s with 200",
      async (handler) => {
        const answer = await viaCloudFront(handler, { token: investorToken });
        expect(answer.statusCode).toBe(200);
        if (handler === "list-packages") {
          const cheapest = (answer.body.packages as { _id: string; price: number }[]).sort(
            (a, b) => a.price - b.price,
          )[0];
          packageId = String(cheapest?._id);
          packagePrice = Number(cheapest?.price);
        }
      },
    );

    it("buys a package with demo money and claims nothing twice on the same day", async () => {
      const bought = await viaCloudFront("buy-investment", {
        token: investorToken,
        headers: { "idempotency-key": randomBytes(8).toString("hex") },
        body: { packageId, amount: packagePrice },
      });
      expect(bought.statusCode, bought.raw).toBe(201);
      investmentId = String((bought.body.investment as Json)._id);
      const claim = await viaCloudFront("claim-investment-reward", {
        token: investorToken,
        headers: { "idempotency-key": randomBytes(8).toString("hex") },
        pathParameters: { id: investmentId },
      });
      expect(claim.statusCode, claim.raw).toBeLessThan(500);
    });

    it("answers the account and payment routes with their 4xx for input they refuse", async () => {
      const answers = {
        forgot: await viaCloudFront("request-password-reset", { body: { email: "nobody@example.co.ke" } }),
        reset: await viaCloudFront("reset-password", {
          body: { token: "0".repeat(64), password: "Another-pass-2026", confirmPassword: "Another-pass-2026" },
        }),
        referral: await viaCloudFront("check-referral-code", { pathParameters: { code: "NOSUCH" } }),
        deposit: await viaCloudFront("start-deposit", {
          token: investorToken,
          headers: { "idempotency-key": randomBytes(8).toString("hex") },
          body: { amount: 0, phoneNumber: "0712345678" },
        }),
        depositStatus: await viaCloudFront("get-deposit", {
          token: investorToken,
          pathParameters: { checkoutRequestId: "ws_CO_000000000000000000000" },
        }),
        withdrawal: await viaCloudFront("request-withdrawal", {
          token: investorToken,
          headers: { "idempotency-key": randomBytes(8).toString("hex") },
          body: { amount: 1, phoneNumber: investor.phoneNumber },
        }),
        disable2fa: await viaCloudFront("disable-two-factor", { token: investorToken, body: { code: "123456" } }),
        notAdmin: await viaCloudFront("get-admin-stats", { token: investorToken }),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
        forgot: 202,
        reset: 400,
        referral: 404,
        deposit: 400,
        depositStatus: 404,
        withdrawal: 400,
        disable2fa: 400,
        notAdmin: 403,
      });
      for (const answer of Object.values(answers)) expect(answer.body.message).toEqual(expect.any(String));
    });

    it("lets the admin turn on two-factor sign-in (required in prod) and then use the console", async () => {
      const first = await viaCloudFront("login-user", { body: ADMIN });
      expect(first.statusCode).toBe(200);
      const setupToken = String(first.body.token);
      const setup = await viaCloudFront("start-two-factor-setup", { token: setupToken });
      expect(setup.statusCode).toBe(200);
      const secret = String(setup.body.secret);
      // At least 10 s left in this step: the enable below is answered by a cold function on a busy machine, and a
      // step boundary crossed before it checks the code would make the previous step's code two steps old.
      const left = 30_000 - (Date.now() % 30_000);
      if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
      const step = Math.floor(Date.now() / 30_000);
      const codeAt = (s: number) => totpCodeAt(secret, new Date(s * 30_000 + 1000));
      const enabled = await viaCloudFront("enable-two-factor", {
        token: setupToken,
        body: { code: await codeAt(step - 1), password: ADMIN.password },
      });
      expect(enabled.statusCode, enabled.raw).toBe(200);
      const signedIn = await viaCloudFront("login-user", { body: { ...ADMIN, otp: await codeAt(step) } });
      expect(signedIn.statusCode, signedIn.raw).toBe(200);
      adminToken = String(signedIn.body.token);
    });

    it.each([
      "get-admin-stats",
      "list-admin-users",
      "list-admin-transactions",
      "export-admin-transactions",
      "list-admin-withdrawals",
      "list-admin-audit",
      "list-package-changes",
    ] as const)("answers the admin's %s with 200", async (handler) => {
      const answer = await viaCloudFront(handler, { token: adminToken });
      expect(answer.statusCode, answer.raw).toBe(200);
    });

    it("lets the admin ask for a package (a second admin approves it), manage users and balances, and refuses an unknown withdrawal", async () => {
      const created = await viaCloudFront("create-package", {
        token: adminToken,
        body: {
          name: "Deploy Check Fund",
          company: "JengaFund",
          description: "A package made by the deploy check",
          price: 500,
          image: "https://pay.example.co.ke/images/fund.png",
          category: "technology",
          riskLevel: "low",
          monthlyReturnRate: 3,
          dailyReturnRate: 0.1,
          maturityDate: "2027-12-31",
        },
      });
      // A new package waits for a second admin (design.md §13.1); its maker cannot approve it.
      expect(created.statusCode, created.raw).toBe(202);
      const changeId = String((created.body.change as Json)._id);
      const unknownPackage = "01ZZZZZZZZZZZZZZZZZZZZZZZZ";
      const answers = {
        ownApproval: await viaCloudFront("decide-package-change", {
          token: adminToken,
          headers: { "idempotency-key": randomBytes(8).toString("hex") },
          pathParameters: { id: changeId },
          body: { decision: "approve" },
        }),
        update: await viaCloudFront("update-package", {
          token: adminToken,
          headers: { "idempotency-key": randomBytes(8).toString("hex") },
          pathParameters: { id: unknownPackage },
          body: { ...(created.body.change as { fields: Json }).fields, name: "Deploy Check Fund II" },
        }),
        remove: await viaCloudFront("delete-package", { token: adminToken, pathParameters: { id: unknownPackage } }),
        status: await viaCloudFront("set-user-status", {
          token: adminToken,
          pathParameters: { id: investorId },
          body: { isActive: true },
        }),
        balance: await viaCloudFront("adjust-user-balance", {
          token: adminToken,
          headers: { "idempotency-key": randomBytes(8).toString("hex") },
          pathParameters: { id: investorId },
          body: { amount: 50, type: "credit", reason: "Deploy check credit" },
        }),
        payout: await viaCloudFront("process-withdrawal", {
          token: adminToken,
          pathParameters: { id: "01ZZZZZZZZZZZZZZZZZZZZZZZZ" },
          body: { status: "rejected", reason: "Deploy check" },
        }),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
        ownApproval: 403,
        update: 404,
        remove: 404,
        status: 200,
        balance: 200,
        payout: 404,
      });
    });
  });

  describe("the payments path", () => {
    const depositor = newRegistration({ firstName: "Kamau", lastName: "Njoroge" });
    let token = "";
    let checkoutRequestId = "";

    it("starts an STK push with Daraja's prod settings and records the deposit as pending", async () => {
      const registered = await viaCloudFront("register-user", { body: depositor });
      expect(registered.statusCode).toBe(201);
      token = String(registered.body.token);
      const started = await viaCloudFront("start-deposit", {
        token,
        headers: { "idempotency-key": randomBytes(8).toString("hex") },
        body: { amount: 100, phoneNumber: depositor.phoneNumber },
      });
      expect(started.statusCode, started.raw).toBeLessThan(300);
      checkoutRequestId = String(started.body.checkoutRequestId);
      const status = await viaCloudFront("get-deposit", { token, pathParameters: { checkoutRequestId } });
      expect((status.body.deposit as Json).status).toBe("pending");
    });

    it("takes Daraja's callback from Safaricom's address through CloudFront and puts it on the bus", async () => {
      const answer = await viaCloudFront(
        "receive-daraja-callback",
        {
          // The STK kind's own token, derived from the one secret (design.md §13.3).
          pathParameters: { kind: "stk", token: callbackPathToken(secretOf("MPESA_CALLBACK_TOKEN_ARN"), "stk") },
          body: {
            Body: {
              stkCallback: {
                MerchantRequestID: "29115-34620561-1",
                CheckoutRequestID: checkoutRequestId,
                ResultCode: 1032,
                ResultDesc: "Request cancelled by user",
              },
            },
          },
        },
        SAFARICOM,
      );
      expect(answer.statusCode, answer.raw).toBe(200);
      await bus.idle();
      expect(published).toHaveLength(1);
      // The bus, and so its archive, carries the deposit's key sealed (it ends in the payer's nine digits).
      expect(JSON.stringify(published[0])).not.toContain(checkoutRequestId);
      expect(JSON.stringify(published[0])).toContain("sealed.v1.");
    });

    it("settles the bus's EventBridge event: the deposit ends as cancelled and nothing is credited", async () => {
      const event = published[0];
      if (!event) throw new Error("nothing was published");
      const settle = await functionOf((fn) => fn.description.startsWith("Applies M-Pesa callbacks"), "settle");
      await invoke(settle, event);
      const status = await viaCloudFront("get-deposit", { token, pathParameters: { checkoutRequestId } });
      expect((status.body.deposit as Json).status, status.raw).toBe("cancelled");
      expect((status.body.user as Json).walletBalance).toBe(0);
    });

    it.each([
      ["Asks Daraja about STK deposits still pending", "ReconcileStkDeposits"],
      ["Asks Daraja about approved payouts without a result", "ReconcilePayouts"],
      ["Pulls the last hour of Paybill payments", "PullPaybillTransactions"],
      ["Confirms held Paybill payments", "CheckWaitingPaybillPayments"],
      ["Sends the money alerts (SMS and e-mail) still open", "SweepOutbox"],
      ["Returns the capital of matured investments", "RetireMaturedInvestments"],
    ])("runs the scheduled job's event: %s", async (description, rule) => {
      const job = await functionOf((fn) => fn.description.startsWith(description), rule);
      await invoke(job, {
        version: "0",
        id: randomBytes(16).toString("hex"),
        "detail-type": "Scheduled Event",
        source: "aws.events",
        account: "111122223333",
        time: new Date().toISOString(),
        region: api.region,
        resources: [`arn:aws:events:${api.region}:111122223333:rule/JengaFund-Prod-${rule}`],
        detail: {},
      });
    });

    it("read every secret through the extension with the session's token, and nothing else", () => {
      expect(extension.reads.length).toBeGreaterThan(0);
      for (const arn of extension.reads) expect(secrets.has(arn)).toBe(true);
    });
  });
});
