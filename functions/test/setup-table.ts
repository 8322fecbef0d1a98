import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { localDynamoClient } from "../src/local/dynamodb-local.js";
import { ensureTable } from "../src/local/table.js";

/**
 * Runs before each test file, before its imports are evaluated: points the handlers' configuration at the
 * shared DynamoDB Local and at a fresh table of this file's own, so files never see each other's data.
 */
const endpoint = inject("dynamoEndpoint");
const mailSmtpPort = inject("mailSmtpPort");
const smsUrl = inject("smsUrl");
const documentsS3Endpoint = inject("documentsS3Endpoint");
const documentsBucket = inject("documentsBucket");
const tableName = `test-${randomBytes(6).toString("hex")}`;
Object.assign(process.env, {
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: endpoint,
  AWS_REGION: "af-south-1",
  JWT_SECRET: randomBytes(32).toString("hex"),
  // Mail goes to the suite's MailDev (global-setup.ts), as it goes to npm start's.
  MAILER: "smtp",
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(mailSmtpPort),
  WEB_ORIGIN: "http://localhost:5173",
  // SMS alerts go to the suite's Africa's Talking stand-in (global-setup.ts), as npm start's go to its own.
  SMS_BASE_URL: smsUrl,
  SMS_USERNAME: "sandbox",
  SMS_API_KEY: "test-sms-api-key",
  // Identity documents go to the suite's S3-compatible server (global-setup.ts), as npm start's go to its own.
  DOCUMENTS_BUCKET: documentsBucket,
  DOCUMENTS_S3_ENDPOINT: documentsS3Endpoint,
  // One line per request is noise in a test run; warnings and errors still show (LOG_LEVEL=INFO shows it all).
  LOG_LEVEL: process.env.LOG_LEVEL ?? "WARN",
});
await ensureTable(localDynamoClient(endpoint), tableName);
