import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type Plugin, type PreviewServer, preview } from "vite";
import type { TestProject } from "vitest/node";
import { defaultLocalStackOptions, type LocalStack, repoRoot, startLocalStack } from "../../scripts/local-stack.js";

/**
 * The browser tests run against the whole local stack — DynamoDB Local (in memory), the API server, the Daraja
 * simulator, the S3-compatible server (objects in a temporary folder) — on ports of their own, so a running `npm start` does not disturb them, and against the web app as it is
 * deployed: one production build, served as `npm run preview` serves it with /api proxied to the stack's API. The dev
 * server would make every fresh browser context download and run hundreds of unbundled modules and React's
 * development build: measured, a sign-in took two to three times as long.
 */
let stack: LocalStack | undefined;
let site: PreviewServer | undefined;
let buildDir: string | undefined;

const webDir = fileURLToPath(new URL("..", import.meta.url));

export async function setup(project: TestProject) {
  const defaults = defaultLocalStackOptions({});
  const env = process.env;
  const options = {
    ...defaults,
    dataDir: undefined,
    tableName: "jengafund-e2e",
    simDelayMs: 300,
    ports: {
      web: Number(env.E2E_WEB_PORT ?? 5273),
      api: Number(env.E2E_API_PORT ?? 3100),
      sim: Number(env.E2E_MPESA_SIM_PORT ?? 4110),
      dynamodb: Number(env.E2E_DYNAMODB_PORT ?? 8100),
      bus: Number(env.E2E_EVENT_BUS_PORT ?? 4120),
      sms: Number(env.E2E_SMS_PORT ?? 4130),
      s3: Number(env.E2E_S3_PORT ?? 4140),
    },
    mail: {
      smtpPort: Number(env.E2E_MAILDEV_SMTP_PORT ?? 1125),
      webPort: Number(env.E2E_MAILDEV_WEB_PORT ?? 1180),
    },
  };
  // The production build the browser tests share (support/production-build.ts copies it for the tests that change
  // it): built once per run, in a process of its own while the stack starts, so that neither the test runner's
  // NODE_ENV (a development React) nor the build's globals reach this process, which also runs the API's handlers.
  buildDir = mkdtempSync(join(tmpdir(), "jengafund-e2e-build-"));
  const built = buildWebApp(buildDir);
  // The stack's own web server is the dev server; the tests get the build instead, on the same port.
  stack = await startLocalStack({ ...options, withoutWeb: true });
  await built;
  site = await preview({
    configFile: join(webDir, "vite.config.ts"),
    root: webDir,
    logLevel: "warn",
    build: { outDir: buildDir },
    plugins: [everyPageFromTheShell()],
    // The host the stack's mail links name (WEB_ORIGIN is http://localhost:<web port>).
    preview: { port: options.ports.web, strictPort: true, host: "localhost", proxy: { "/api": apiOrigin(stack) } },
  });
  const webUrl = `http://localhost:${options.ports.web}`;
  project.provide("webUrl", webUrl);
  project.provide("apiUrl", stack.apiUrl);
  project.provide("simUrl", stack.simUrl);
  project.provide("mailUrl", stack.mailUrl);
  project.provide("smsUrl", stack.smsUrl);
  project.provide("s3Url", stack.s3Url);
  project.provide("documentsBucket", stack.documentsBucket);
  // The stack's callback path token, so a test can register the Paybill (C2B) URLs with the simulator.
  project.provide("mpesaCallbackToken", process.env.MPESA_CALLBACK_TOKEN ?? "");
  project.provide("adminEmail", options.admin.email);
  project.provide("adminPassword", options.admin.password);
  // The seeded second admin (design.md §13.1), who approves what the first one asks for.
  project.provide("secondAdminEmail", options.secondAdmin.email);
  project.provide("secondAdminPassword", options.secondAdmin.password);
  // `npm run admin` reads the local stack's settings from these, as it does npm start's.
  project.provide("productionBuildDir", buildDir);
  project.provide("adminCliEnv", {
    DYNAMODB_PORT: String(options.ports.dynamodb),
    TABLE_NAME: options.tableName,
    WEB_ORIGIN: webUrl,
    MAILDEV_SMTP_PORT: String(options.mail.smtpPort),
  });
}

async function buildWebApp(outDir: string): Promise<void> {
  const vite = join(repoRoot, "node_modules", "vite", "bin", "vite.js");
  await promisify(execFile)(
    process.execPath,
    [vite, "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
    { cwd: webDir, env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 16 * 1024 * 1024 },
  );
}

/**
 * Every page from the app shell, as a plain single-page host answers (main.tsx supports it), not the pre-rendered
 * /, /login, /register and /terms: on those the page is on screen before the app has taken it over, and these tests,
 * written for a page the app draws, would race its takeover. The pre-rendered pages have tests of their own on a copy
 * of this build (prerender.e2e.ts, before-the-app.e2e.ts). Ahead of the config's own route plugin.
 */
function everyPageFromTheShell(): Plugin {
  return {
    name: "e2e:every-page-from-the-shell",
    enforce: "pre",
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? "/", "http://localhost");
        const isPageRequest =
          (req.method === "GET" || req.method === "HEAD") &&
          !url.pathname.startsWith("/api/") &&
          !/\.[^/]+$/.test(url.pathname);
        if (isPageRequest) req.url = `/app.html${url.search}`;
        next();
      });
    },
  };
}

function apiOrigin(running: LocalStack): string {
  return new URL(running.apiUrl).origin;
}

export async function teardown() {
  await site?.close();
  await stack?.stop();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    simUrl: string;
    /** MailDev's inbox; its REST API lists the mail the API sent (`GET /api/email`). */
    mailUrl: string;
    /** The Africa's Talking stand-in: the SMS the API sent (`GET /__inbox/messages?to=`). */
    smsUrl: string;
    /** The S3-compatible server the browser uploads identity documents to, and the documents' bucket on it. */
    s3Url: string;
    documentsBucket: string;
    /** The token in the API's Daraja hook paths (`/hooks/daraja/<kind>/<token>`). */
    mpesaCallbackToken: string;
    adminEmail: string;
    adminPassword: string;
    secondAdminEmail: string;
    secondAdminPassword: string;
    /** The environment `npm run admin` needs to work on this stack's table. */
    adminCliEnv: Record<string, string>;
    /** The run's production build (built by the global setup); a test that changes a file works on a copy. */
    productionBuildDir: string;
  }
}
