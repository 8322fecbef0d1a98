import type { TestProject } from "vitest/node";
import { createS3Server, type S3Server } from "../../s3-sim/src/server.js";
import { createAfricasTalkingStandIn } from "../src/local/africas-talking.js";
import { type DynamoDbLocal, startDynamoDbLocal } from "../src/local/dynamodb-local.js";
import { type LocalMailInbox, startMailInbox } from "../src/local/mail-inbox.js";
import { closeServer, listen } from "../src/local/servers.js";

/**
 * One in-memory DynamoDB Local for the whole functions suite (each test file gets its own table), one MailDev that
 * every file's mail goes to (tests tell their messages apart by recipient), and one S3-compatible server with the
 * documents bucket in a temporary folder (files tell their objects apart by key). Ports of their own, movable by
 * environment, so a running `npm start` or a second run does not collide.
 */
let dynamo: DynamoDbLocal | undefined;
let inbox: LocalMailInbox | undefined;
let sms: ReturnType<typeof createAfricasTalkingStandIn> | undefined;
let s3: S3Server | undefined;

/** The documents bucket of the suite's S3 server. */
const TEST_DOCUMENTS_BUCKET = "jengafund-documents-test";

export async function setup(project: TestProject) {
  const port = Number(process.env.DYNAMODB_TEST_PORT ?? 8300);
  const mailPort = Number(process.env.MAILDEV_TEST_PORT ?? 1225);
  const smsPort = Number(process.env.SMS_TEST_PORT ?? 1235);
  const s3Port = Number(process.env.S3_TEST_PORT ?? 4590);
  sms = createAfricasTalkingStandIn();
  s3 = await createS3Server({ buckets: [TEST_DOCUMENTS_BUCKET], corsOrigins: ["http://localhost:5173"] });
  [dynamo, inbox] = await Promise.all([
    startDynamoDbLocal({ port }),
    startMailInbox({ smtp: mailPort, web: mailPort + 1 }),
    listen(sms, smsPort),
    s3.listen(s3Port),
  ]);
  // Every file's SMS alerts go to this one stand-in (tests tell their messages apart by number).
  project.provide("smsUrl", `http://127.0.0.1:${smsPort}`);
  project.provide("dynamoEndpoint", dynamo.endpoint);
  project.provide("mailSmtpPort", inbox.smtpPort);
  project.provide("mailInboxUrl", inbox.webUrl);
  // Named as the browser names it (`npm start` too): presigned URLs are signed for this host.
  project.provide("documentsS3Endpoint", `http://localhost:${s3Port}`);
  project.provide("documentsBucket", TEST_DOCUMENTS_BUCKET);
}

export async function teardown() {
  await Promise.all([dynamo?.stop(), inbox?.stop(), sms ? closeServer(sms) : undefined, s3?.close()]);
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** MailDev's SMTP port, where the SMTP mailer sends the handlers' mail. */
    mailSmtpPort: number;
    /** MailDev's web inbox; its REST API is under /api. */
    mailInboxUrl: string;
    /** The Africa's Talking stand-in every file's SMS alerts go to (`GET /__inbox/messages?to=`). */
    smsUrl: string;
    /** The suite's S3-compatible server (s3-sim), where identity documents go. */
    documentsS3Endpoint: string;
    documentsBucket: string;
  }
}
