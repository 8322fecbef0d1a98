/**
 * Starts the whole product on this machine: DynamoDB Local, the table and dev seed, MailDev (the inbox the API's mail
 * goes to), the S3-compatible server holding the identity documents' bucket (s3-sim/), the Daraja simulator process (the Paybill's C2B URLs and Pull Transactions registered with it), the local
 * API server mounting the route list's handlers under /api, and the Vite dev server with /api proxied. Used by
 * `npm start` and by the browser tests. Dev-only.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { closeServer, listen } from "../functions/src/local/servers.js";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface LocalStackOptions {
  /**
   * `sms`: the Africa's Talking stand-in (its inbox of SMS alerts); `s3`: the S3-compatible server of the identity
   * documents (s3-sim/), which the browser uploads to straight.
   */
  ports: { web: number; api: number; sim: number; dynamodb: number; bus: number; sms: number; s3: number };
  /** MailDev's SMTP port (where the API sends mail) and its web inbox and REST API. */
  mail: { smtpPort: number; webPort: number };
  /**
   * Persist DynamoDB data here, and the documents' objects in `s3` beside it; omit for an in-memory database and a
   * temporary folder of objects.
   */
  dataDir?: string;
  admin: { email: string; password: string };
  /** The second admin, who approves what the first asks for (design.md §13.1). */
  secondAdmin: { email: string; password: string };
  tableName: string;
  simDelayMs: number;
  /** Leave out the Vite dev server (benchmarks talk to the API only). */
  withoutWeb?: boolean;
  log?: (line: string) => void;
  /**
   * Show the functions' JSON log and metrics lines as `HH:MM:SS LEVEL message key=value` (npm start). Off, they are
   * printed as Lambda writes them.
   */
  prettyLogs?: boolean;
}

export interface LocalStack {
  webUrl: string;
  apiUrl: string;
  simUrl: string;
  dynamoUrl: string;
  /** MailDev's web inbox (REST API under /api). */
  mailUrl: string;
  /** The Africa's Talking stand-in: its SMS inbox at `/`, JSON under `/__inbox/messages`. */
  smsUrl: string;
  /** The S3-compatible server; the documents' bucket is `<s3Url>/<bucket>`. */
  s3Url: string;
  documentsBucket: string;
  /** What was registered with the simulator at startup: the Paybill's C2B URLs and Pull Transactions (§12.3). */
  paybill: string;
  stop(): Promise<void>;
}

export class StartupError extends Error {}

/** The Daraja sandbox's published test passkey (mpesa.md §1.1); the simulator expects it by default. */
const SANDBOX_PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
/** The identity documents' bucket on the local S3-compatible server (design.md §13.5). */
const DOCUMENTS_BUCKET = "jengafund-documents";
/** How often `npm start` runs the scheduled jobs (reconciliation, the outbox sweep; each on its schedule in AWS). */
const RECONCILE_EVERY_MS = 60_000;
/** The event functions' timeouts in AWS (infra/lib/api-stack.ts, constructs/scheduled-jobs.ts), which their local invocations count down from. */
const SETTLE_TIMEOUT_MS = 30_000;
const RECONCILE_TIMEOUT_MS = 120_000;

export function defaultLocalStackOptions(env: NodeJS.ProcessEnv = process.env): LocalStackOptions {
  return {
    ports: {
      web: Number(env.WEB_PORT ?? 5173),
      api: Number(env.API_PORT ?? 3000),
      sim: Number(env.MPESA_SIM_PORT ?? 4010),
      dynamodb: Number(env.DYNAMODB_PORT ?? 8000),
      bus: Number(env.EVENT_BUS_PORT ?? 4020),
      sms: Number(env.SMS_PORT ?? 4030),
      s3: Number(env.S3_PORT ?? 4040),
    },
    mail: { smtpPort: Number(env.MAILDEV_SMTP_PORT ?? 1025), webPort: Number(env.MAILDEV_WEB_PORT ?? 1080) },
    dataDir: join(repoRoot, ".data", "dynamodb"),
    admin: { email: env.ADMIN_EMAIL ?? "admin@jengafund.local", password: env.ADMIN_PASSWORD ?? "Admin@12345" },
    secondAdmin: {
      email: env.SECOND_ADMIN_EMAIL ?? "admin2@jengafund.local",
      password: env.SECOND_ADMIN_PASSWORD ?? "Admin2@12345",
    },
    tableName: env.TABLE_NAME ?? "jengafund",
    simDelayMs: Number(env.MPESA_SIM_DELAY_MS ?? 1500),
  };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const probe = createNetServer();
    probe.once("error", () => resolvePort(false));
    probe.listen(port, () => probe.close(() => resolvePort(true)));
  });
}

async function assertPortsFree(options: Pick<LocalStackOptions, "ports" | "mail">): Promise<void> {
  const ports = { ...options.ports, smtp: options.mail.smtpPort, inbox: options.mail.webPort };
  const names: Record<keyof typeof ports, string> = {
    web: "WEB_PORT",
    api: "API_PORT",
    sim: "MPESA_SIM_PORT",
    dynamodb: "DYNAMODB_PORT",
    bus: "EVENT_BUS_PORT",
    sms: "SMS_PORT",
    s3: "S3_PORT",
    smtp: "MAILDEV_SMTP_PORT",
    inbox: "MAILDEV_WEB_PORT",
  };
  for (const [key, port] of Object.entries(ports) as [keyof typeof names, number][]) {
    if (!(await portIsFree(port))) {
      throw new StartupError(
        `Port ${port} (${names[key]}) is already in use. Stop whatever is using it, or choose another port, e.g. ${names[key]}=${port + 1} npm start`,
      );
    }
  }
}

/**
 * Dev secrets (the session signing key, the callback path token) are kept beside the data, so sessions and pending
 * deposits survive a restart of `npm start`. Hex only: Daraja drops callback URLs containing words like "exe".
 */
function devSecret(dataDir: string | undefined, name: string): string {
  if (!dataDir) return randomBytes(32).toString("hex");
  const file = join(dirname(dataDir), `dev-${name}`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function startSimulator(port: number, delayMs: number): Promise<ChildProcess> {
  return new Promise((resolveSim, reject) => {
    const child = fork(join(repoRoot, "mpesa-sim", "src", "main.ts"), [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, MPESA_SIM_PORT: String(port), MPESA_SIM_DELAY_MS: String(delayMs) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", () => resolveSim(child));
    child.once("exit", (code) => reject(new StartupError(`The Daraja simulator exited with code ${code}`)));
  });
}

/** Whether this process has started a stack (see startLocalStack). */
let started = false;

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  // The handlers run in this process and, as in a Lambda container, read their configuration and create their
  // DynamoDB client once: a second stack here would be served by the first one's table and ports.
  if (started) throw new StartupError("A local stack was already started in this process: start another process");
  started = true;
  const log = options.log ?? (() => {});
  const { ports } = options;
  // The SDK's notices about Node.js support are noise in a dev terminal.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  await assertPortsFree(options);

  const { assertJavaAvailable, startDynamoDbLocal } = await import("../functions/src/local/dynamodb-local.js");
  try {
    assertJavaAvailable();
  } catch (error) {
    throw new StartupError((error as Error).message);
  }

  const stoppers: (() => Promise<void>)[] = [];
  if (options.prettyLogs) {
    const { prettifyStream } = await import("../functions/src/local/pretty-log.js");
    const color = process.stdout.isTTY && !process.env.NO_COLOR;
    const restore = [prettifyStream(process.stdout, color), prettifyStream(process.stderr, color)];
    stoppers.push(async () => {
      for (const put of restore) put();
    });
  }
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => {});
    stoppers.length = 0;
  };

  try {
    const dynamo = await startDynamoDbLocal({ port: ports.dynamodb, dataDir: options.dataDir });
    stoppers.push(() => dynamo.stop());
    log(
      `DynamoDB Local ready on ${dynamo.endpoint}${options.dataDir ? ` (data in ${options.dataDir})` : " (in memory)"}`,
    );

    const { startMailInbox } = await import("../functions/src/local/mail-inbox.js");
    const inbox = await startMailInbox({ smtp: options.mail.smtpPort, web: options.mail.webPort });
    stoppers.push(() => inbox.stop());
    log(`MailDev ready: SMTP on ${inbox.smtpPort}, inbox on ${inbox.webUrl}`);

    // The documents' bucket: the browser posts its uploads straight to it and opens its links, so the API signs for
    // the address the browser uses (localhost) and the server lets the web app's origin read its answers.
    const { createS3Server } = await import("../s3-sim/src/server.js");
    const s3 = await createS3Server({
      buckets: [DOCUMENTS_BUCKET],
      ...(options.dataDir ? { dataDir: join(dirname(options.dataDir), "s3") } : {}),
      corsOrigins: [`http://localhost:${ports.web}`],
    });
    stoppers.push(() => s3.close());
    await s3.listen(ports.s3);
    const s3Url = `http://localhost:${ports.s3}`;
    log(`S3-compatible server ready on ${s3Url}, bucket ${DOCUMENTS_BUCKET} (objects in ${s3.dataDir})`);

    // The handlers read their configuration from the environment, exactly as in Lambda.
    Object.assign(process.env, {
      TABLE_NAME: options.tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: "af-south-1",
      JWT_SECRET: process.env.JWT_SECRET ?? devSecret(options.dataDir, "jwt-secret"),
      API_PORT: String(ports.api),
      WEB_PORT: String(ports.web),
      // The real Daraja client, pointed at the simulator with its sandbox-like credentials.
      MPESA_BASE_URL: `http://127.0.0.1:${ports.sim}`,
      MPESA_CONSUMER_KEY: process.env.MPESA_CONSUMER_KEY ?? "local-consumer-key",
      MPESA_CONSUMER_SECRET: process.env.MPESA_CONSUMER_SECRET ?? "local-consumer-secret",
      MPESA_PASSKEY: process.env.MPESA_PASSKEY ?? SANDBOX_PASSKEY,
      MPESA_SECURITY_CREDENTIAL:
        process.env.MPESA_SECURITY_CREDENTIAL ?? Buffer.from("local-initiator").toString("base64"),
      MPESA_CALLBACK_TOKEN: process.env.MPESA_CALLBACK_TOKEN ?? devSecret(options.dataDir, "callback-token"),
      MPESA_CALLBACK_BASE_URL: `http://127.0.0.1:${ports.api}/api`,
      MPESA_CALLBACK_ALLOWED_IPS: "127.0.0.1,::1",
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.bus}`,
      EVENT_BUS_NAME: "jengafund-local",
      // Mail goes to MailDev; its links lead to this stack's web app.
      MAILER: "smtp",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(inbox.smtpPort),
      WEB_ORIGIN: `http://localhost:${ports.web}`,
      // SMS alerts go to the Africa's Talking stand-in, as to the sandbox (its username is always `sandbox`).
      SMS_BASE_URL: `http://127.0.0.1:${ports.sms}`,
      SMS_USERNAME: "sandbox",
      SMS_API_KEY: process.env.SMS_API_KEY ?? "local-sms-api-key",
      DOCUMENTS_BUCKET,
      DOCUMENTS_S3_ENDPOINT: s3Url,
    });

    const { ensureTable } = await import("../functions/src/local/table.js");
    const tableState = await ensureTable(dynamo.client, options.tableName);
    if (tableState === "existing") {
      // Data kept from an earlier version gets today's index keys (the same backfill as `npm run migrate`).
      const { migrateIndexKeys } = await import("../functions/src/migrations/index-key-migration.js");
      const { defaultDynamoContext } = await import("../functions/src/kernel/dynamo/client.js");
      const migrated = await migrateIndexKeys(defaultDynamoContext());
      if (migrated.rewritten || migrated.countersMoved) {
        log(`Index keys brought up to date: ${migrated.rewritten} items, ${migrated.countersMoved} statistics totals`);
      }
      // Investments an earlier version retired from the active count are active until their capital comes back.
      const { restoreRetiredActiveCount } = await import("../functions/src/migrations/retired-count-migration.js");
      const retired = await restoreRetiredActiveCount(defaultDynamoContext());
      if (retired.restored)
        log(`Matured investments counted as active until their capital returns: ${retired.restored}`);
    }
    const { seedDevData } = await import("../functions/src/local/seed.js");
    const seed = await seedDevData(options.admin, options.secondAdmin);
    log(
      `Table ${options.tableName} ${tableState}; seed: admin ${seed.adminCreated ? "created" : "present"}, ${seed.packagesCreated} new packages`,
    );

    const { createAfricasTalkingStandIn } = await import("../functions/src/local/africas-talking.js");
    const smsStandIn = createAfricasTalkingStandIn();
    await listen(smsStandIn, ports.sms);
    stoppers.push(() => closeServer(smsStandIn));
    log(`Africa's Talking stand-in ready: SMS inbox on http://localhost:${ports.sms}`);

    const sim = await startSimulator(ports.sim, options.simDelayMs);
    stoppers.push(
      () =>
        new Promise<void>((resolveStop) => {
          if (sim.exitCode !== null) return resolveStop();
          sim.once("exit", () => resolveStop());
          sim.kill("SIGTERM");
          // Open keep-alive connections can hold a graceful close; the simulator keeps no state worth waiting for.
          setTimeout(() => sim.kill("SIGKILL"), 2000).unref();
        }),
    );

    const { createLocalEventBus } = await import("../functions/src/local/event-bus.js");
    const { EVENT_SOURCE } = await import("../functions/src/adapters/eventbridge/publisher.js");
    const settle = await import("../functions/src/handlers/events/settle-mpesa-result.js");
    const { localLambdaContext } = await import("../functions/src/local/lambda-context.js");
    const bus = createLocalEventBus(
      [
        {
          source: EVENT_SOURCE,
          target: (event) =>
            settle.handler(event as never, localLambdaContext("settle-mpesa-result", { timeoutMs: SETTLE_TIMEOUT_MS })),
        },
      ],
      { log },
    );
    await listen(bus, ports.bus);
    stoppers.push(() => closeServer(bus));

    // The scheduled jobs of AWS (infra/lib/constructs/scheduled-jobs.ts), one after another on one timer. Locally the
    // Paybill pull runs with the rest (every 15 minutes in AWS), so a lost confirmation lands soon.
    const SCHEDULED_JOBS = [
      "reconcile-stk-deposits",
      "reconcile-payouts",
      "pull-paybill-transactions",
      "check-waiting-paybill-payments",
      "sweep-outbox",
      "retire-matured-investments",
    ];
    const jobs = await Promise.all(
      SCHEDULED_JOBS.map(async (name) => ({
        name,
        handler: (
          (await import(`../functions/src/handlers/events/${name}.ts`)) as {
            handler: (event: unknown, context: ReturnType<typeof localLambdaContext>) => Promise<unknown>;
          }
        ).handler,
      })),
    );
    let jobsRunning = false;
    const reconcileTimer = setInterval(async () => {
      // A slow run (Daraja's simulator delaying) is not overlapped by the next.
      if (jobsRunning) return;
      jobsRunning = true;
      try {
        for (const job of jobs) {
          const context = localLambdaContext(job.name, {
            timeoutMs: Math.min(RECONCILE_TIMEOUT_MS, RECONCILE_EVERY_MS),
          });
          await job.handler({}, context).catch((error: unknown) => log(`[${job.name}] ${String(error)}`));
        }
      } finally {
        jobsRunning = false;
      }
    }, RECONCILE_EVERY_MS);
    reconcileTimer.unref();
    stoppers.push(async () => clearInterval(reconcileTimer));

    const { createLocalApiServer } = await import("../functions/src/local/api-server.js");
    const api = createLocalApiServer(async (name) => {
      const module = await import(`../functions/src/handlers/http/${name}.ts`);
      return module.handler;
    });
    await listen(api, ports.api);
    stoppers.push(() => closeServer(api));

    // The table's stream and send-notifications in AWS: SMS and email follow each outbox event within a second.
    const { startOutboxRelay } = await import("../functions/src/local/outbox-relay.js");
    const relay = startOutboxRelay(
      async () => (await import("../functions/src/modules/messaging/index.js")).notifications(),
      { log },
    );
    stoppers.push(() => relay.stop());

    // As `npm run mpesa -- register-urls` does for a stage: the simulator then calls the Paybill's URLs.
    // Not fatal: the rest of the product works without it, and the banner says what happened.
    const { registerPaybill } = await import("./mpesa.js");
    const shortCode = process.env.MPESA_PAYBILL_SHORTCODE ?? "600984";
    const paybill = await registerPaybill({
      darajaUrl: String(process.env.MPESA_BASE_URL),
      consumerKey: String(process.env.MPESA_CONSUMER_KEY),
      consumerSecret: String(process.env.MPESA_CONSUMER_SECRET),
      shortCode,
      stkShortCode: process.env.MPESA_SHORTCODE ?? "174379",
      callbackBaseUrl: String(process.env.MPESA_CALLBACK_BASE_URL),
      callbackToken: String(process.env.MPESA_CALLBACK_TOKEN),
      nominatedNumber: "254708374149",
      c2bVersion: "v2",
    }).then(
      (done) => `${shortCode}: C2B URLs ${done.c2bUrls}, Pull Transactions ${done.pullTransactions}`,
      (error: unknown) => `${shortCode}: NOT registered (${error instanceof Error ? error.message : String(error)})`,
    );
    log(`Paybill ${paybill} with the simulator`);

    if (options.withoutWeb) {
      return {
        webUrl: "",
        apiUrl: `http://localhost:${ports.api}/api`,
        simUrl: `http://localhost:${ports.sim}`,
        dynamoUrl: dynamo.endpoint,
        mailUrl: inbox.webUrl,
        smsUrl: `http://localhost:${ports.sms}`,
        s3Url,
        documentsBucket: DOCUMENTS_BUCKET,
        paybill,
        stop,
      };
    }
    const { createServer: createViteServer } = await import("vite");
    const vite = await createViteServer({
      root: join(repoRoot, "web"),
      configFile: join(repoRoot, "web", "vite.config.ts"),
      server: { port: ports.web, strictPort: true, host: "localhost" },
      logLevel: "warn",
    });
    await vite.listen();
    stoppers.push(() => vite.close());

    return {
      webUrl: `http://localhost:${ports.web}`,
      apiUrl: `http://localhost:${ports.api}/api`,
      simUrl: `http://localhost:${ports.sim}`,
      dynamoUrl: dynamo.endpoint,
      mailUrl: inbox.webUrl,
      smsUrl: `http://localhost:${ports.sms}`,
      s3Url,
      documentsBucket: DOCUMENTS_BUCKET,
      paybill,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The local table's DynamoDB for the one-off scripts (admin, migrate, statements): the one `npm start` runs, or else
 * DynamoDB Local started on its port and data folder for the script alone; `stop` ends only what was started here.
 */
export async function localDynamoForScript(options: LocalStackOptions) {
  const { localDynamoClient, startDynamoDbLocal } = await import("../functions/src/local/dynamodb-local.js");
  const { ListTablesCommand } = await import("@aws-sdk/client-dynamodb");
  const endpoint = `http://127.0.0.1:${options.ports.dynamodb}`;
  const client = localDynamoClient(endpoint);
  const running = await client.send(new ListTablesCommand({ Limit: 1 })).then(
    () => true,
    () => false,
  );
  if (running) return { client, endpoint, running, stop: async () => {} };
  const dynamo = await startDynamoDbLocal({ port: options.ports.dynamodb, dataDir: options.dataDir });
  return { client: dynamo.client, endpoint, running, stop: () => dynamo.stop() };
}
