import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { defaultLocalStackOptions, type LocalStack, startLocalStack } from "../../scripts/local-stack.js";

/**
 * The browser tests run against the whole local stack — DynamoDB Local (in memory), the API server, the Daraja
 * simulator and the Vite dev server — on ports of their own, so a running `npm start` does not disturb them.
 */
let stack: LocalStack | undefined;
let buildDir: string | undefined;

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
    },
    mail: {
      smtpPort: Number(env.E2E_MAILDEV_SMTP_PORT ?? 1125),
      webPort: Number(env.E2E_MAILDEV_WEB_PORT ?? 1180),
    },
  };
  stack = await startLocalStack(options);
  project.provide("webUrl", stack.webUrl);
  project.provide("apiUrl", stack.apiUrl);
  project.provide("simUrl", stack.simUrl);
  project.provide("mailUrl", stack.mailUrl);
  project.provide("smsUrl", stack.smsUrl);
  // The stack's callback path token, so a test can register the Paybill (C2B) URLs with the simulator.
  project.provide("mpesaCallbackToken", process.env.MPESA_CALLBACK_TOKEN ?? "");
  project.provide("adminEmail", options.admin.email);
  project.provide("adminPassword", options.admin.password);
  // The seeded second admin (design.md §13.1), who approves what the first one asks for.
  project.provide("secondAdminEmail", options.secondAdmin.email);
  project.provide("secondAdminPassword", options.secondAdmin.password);
  // `npm run admin` reads the local stack's settings from these, as it does npm start's.
  // The production build the browser tests of the built site share (support/production-build.ts): built once per run.
  buildDir = mkdtempSync(join(tmpdir(), "jengafund-e2e-build-"));
  project.provide("productionBuildDir", buildDir);
  project.provide("adminCliEnv", {
    DYNAMODB_PORT: String(options.ports.dynamodb),
    TABLE_NAME: options.tableName,
    WEB_ORIGIN: stack.webUrl,
    MAILDEV_SMTP_PORT: String(options.mail.smtpPort),
  });
}

export async function teardown() {
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
    /** The token in the API's Daraja hook paths (`/hooks/daraja/<kind>/<token>`). */
    mpesaCallbackToken: string;
    adminEmail: string;
    adminPassword: string;
    secondAdminEmail: string;
    secondAdminPassword: string;
    /** The environment `npm run admin` needs to work on this stack's table. */
    adminCliEnv: Record<string, string>;
    /** Where the first test file that needs the production build builds it; later ones copy it. */
    productionBuildDir: string;
  }
}
