/**
 * `npm run mpesa -- register-urls [--stage <name>] [--nominated-number 2547XXXXXXXX] [--c2b-version v1|v2]`: registers
 * the Paybill's C2B validation and confirmation URLs (ResponseType "Completed", design.md §12.3) and its Pull
 * Transactions registration (for reconciliation) with Daraja, and Pull Transactions for the STK short code too when
 * it is another one (the STK reconciliation reads a found payment's receipt there: money-in/stk-receipts.ts). In production Safaricom takes each once; a second
 * registration is answered "already registered", which this reports as done (docs/runbook.md, "Registering the
 * Paybill URLs").
 *
 * Without --stage: the local Daraja simulator that `npm start` runs (MPESA_SIM_PORT, default 4010), with the URLs of
 * the local API (API_PORT, default 3000) and npm start's callback token. `npm start` does this itself at startup.
 * With --stage <name>: the deployed stage `JengaFund-<Name>`, through the AWS CLI with the shell's credentials and
 * region: Daraja's address, the Paybill and the callback base come from the settle function's configuration, the
 * credentials and the callback token from their Secrets Manager secrets.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { callbackPathToken } from "../functions/src/adapters/daraja/callback-tokens.js";
import { createDarajaClient } from "../functions/src/adapters/daraja/client.js";
import { DarajaError, type PaybillDarajaPort } from "../functions/src/adapters/daraja/daraja.js";

const repoRoot = resolve(fileURLToPath(import.meta.url), "..", "..");

/** The sandbox's test MSISDN (mpesa.md §9.A B.6): the simulator's nominated number for Pull Transactions. */
const SANDBOX_MSISDN = "254708374149";

export interface PaybillTarget {
  /** Where Daraja is: the simulator, the sandbox or production. */
  darajaUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The Paybill (MPESA_PAYBILL_SHORTCODE). */
  shortCode: string;
  /** The STK short code (MPESA_SHORTCODE), when known: registered for Pull Transactions as well. */
  stkShortCode?: string;
  /** Public base of the callback routes, e.g. https://app.example.co.ke/api. */
  callbackBaseUrl: string;
  callbackToken: string;
  /** Pull Transactions' nominated number (the business's own M-Pesa number). */
  nominatedNumber: string;
  /** The C2B API product of the Daraja app. */
  c2bVersion: "v1" | "v2";
}

export interface Registered {
  /** "registered", or "already registered" (production takes each registration once). */
  c2bUrls: "registered" | "already registered";
  pullTransactions: "registered" | "already registered";
  /** Pull Transactions of the STK short code, when it is not the Paybill. */
  stkPullTransactions?: "registered" | "already registered";
  confirmationUrl: string;
  validationUrl: string;
}

/**
 * The validation and confirmation routes of the API, each with its own token derived from the callback secret
 * (functions/src/payments/callback-tokens.ts, design.md §13.3).
 */
export function paybillUrls(callbackBaseUrl: string, callbackToken: string) {
  const base = callbackBaseUrl.replace(/\/+$/, "");
  return {
    validationUrl: `${base}/hooks/daraja/c2b-validation/${callbackPathToken(callbackToken, "c2b-validation")}`,
    confirmationUrl: `${base}/hooks/daraja/c2b-confirmation/${callbackPathToken(callbackToken, "c2b-confirmation")}`,
  };
}

/** The Paybill's side of the real Daraja client, with a token cache of its own (one run, one token). */
export function paybillDaraja(target: Pick<PaybillTarget, "darajaUrl" | "consumerKey" | "consumerSecret">) {
  const unused = async () => {
    throw new Error("not used for registration");
  };
  let cached: { token: string; expiresAt: number } | null = null;
  const client: PaybillDarajaPort = createDarajaClient(
    {
      baseUrl: target.darajaUrl.replace(/\/+$/, ""),
      shortcode: "174379",
      transactionType: "CustomerPayBillOnline",
      b2cShortcode: "600984",
      initiatorName: "",
      callbackUrl: unused,
      secrets: {
        consumerKey: async () => target.consumerKey,
        consumerSecret: async () => target.consumerSecret,
        passkey: unused,
        securityCredential: unused,
      },
    },
    {
      get: async () => cached,
      put: async (token, expiresAt) => {
        cached = { token, expiresAt };
      },
    },
    { now: () => new Date() },
  );
  return client;
}

/**
 * Registers the C2B URLs (ResponseType "Completed": a validation outage must not bounce a customer's money) and Pull
 * Transactions. "Already registered" is not a failure: production registers once (mpesa.md §9.A B.2, B.8 #3).
 */
export async function registerPaybill(
  target: PaybillTarget,
  daraja: PaybillDarajaPort = paybillDaraja(target),
): Promise<Registered> {
  const urls = paybillUrls(target.callbackBaseUrl, target.callbackToken);
  let c2bUrls: Registered["c2bUrls"] = "registered";
  try {
    const answer = await daraja.registerC2bUrls({
      apiVersion: target.c2bVersion,
      shortCode: target.shortCode,
      responseType: "Completed",
      ...urls,
    });
    // The older platform answers a repeat with a 200 and these words.
    if (/already registered/i.test(answer.description)) c2bUrls = "already registered";
  } catch (error) {
    if (!(error instanceof DarajaError && error.isAlreadyRegistered)) throw error;
    c2bUrls = "already registered";
  }
  const registerPull = async (shortCode: string) => {
    const pull = await daraja.registerPullTransactions({
      shortCode,
      nominatedNumber: target.nominatedNumber,
      // Kept by Safaricom but not called: the query answers synchronously (mpesa-sim/src/pull-transactions.ts).
      callbackUrl: urls.confirmationUrl,
    });
    return pull.alreadyRegistered ? ("already registered" as const) : ("registered" as const);
  };
  const pullTransactions = await registerPull(target.shortCode);
  const stk = target.stkShortCode;
  return {
    c2bUrls,
    pullTransactions,
    ...(stk && stk !== target.shortCode ? { stkPullTransactions: await registerPull(stk) } : {}),
    ...urls,
  };
}

class UsageError extends Error {}

const USAGE = `Usage: npm run mpesa -- register-urls [--stage <name>] [--nominated-number 2547XXXXXXXX] [--c2b-version v1|v2]
  Without --stage: the local Daraja simulator npm start runs (MPESA_SIM_PORT, API_PORT).
  With --stage: the deployed stage JengaFund-<Name>, through the AWS CLI; --nominated-number is then required.`;

/** The simulator and API that `npm start` runs, and its callback token (kept in .data beside the local table). */
export function localTarget(env: NodeJS.ProcessEnv = process.env): PaybillTarget {
  const tokenFile = join(repoRoot, ".data", "dev-callback-token");
  const callbackToken =
    env.MPESA_CALLBACK_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : undefined);
  if (!callbackToken) {
    throw new UsageError(
      "No local callback token yet: run `npm start` once (it keeps one in .data/), or set MPESA_CALLBACK_TOKEN",
    );
  }
  return {
    darajaUrl: `http://127.0.0.1:${env.MPESA_SIM_PORT ?? 4010}`,
    consumerKey: env.MPESA_CONSUMER_KEY ?? "local-consumer-key",
    consumerSecret: env.MPESA_CONSUMER_SECRET ?? "local-consumer-secret",
    shortCode: env.MPESA_PAYBILL_SHORTCODE ?? "600984",
    stkShortCode: env.MPESA_SHORTCODE ?? "174379",
    callbackBaseUrl: `http://127.0.0.1:${env.API_PORT ?? 3000}/api`,
    callbackToken,
    nominatedNumber: SANDBOX_MSISDN,
    c2bVersion: "v2",
  };
}

const run = promisify(execFile);

async function aws(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run("aws", [...args, "--output", "text"], { timeout: 60_000 });
    return stdout.trim();
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`aws ${args.slice(0, 2).join(" ")} failed: ${detail}`);
  }
}

/** A deployed stage's Daraja settings, read where the functions read them. */
async function stageTarget(stage: string, nominatedNumber: string, c2bVersion: "v1" | "v2"): Promise<PaybillTarget> {
  const stackName = `JengaFund-${stage.charAt(0).toUpperCase()}${stage.slice(1)}-Api`;
  const settleFunction = await aws(
    "cloudformation",
    "describe-stacks",
    "--stack-name",
    stackName,
    "--query",
    "Stacks[0].Outputs[?OutputKey=='SettleFunctionName'].OutputValue",
  );
  if (!settleFunction || settleFunction === "None") throw new Error(`${stackName} has no SettleFunctionName output`);
  const variables = JSON.parse(
    await aws(
      "lambda",
      "get-function-configuration",
      "--function-name",
      settleFunction,
      "--query",
      "to_string(Environment.Variables)",
    ),
  ) as Record<string, string>;
  const required = (name: string) => {
    const value = variables[name];
    if (!value) throw new Error(`${settleFunction} has no ${name}: deploy the stage with it set (docs/runbook.md)`);
    return value;
  };
  const secret = (arnVariable: string) =>
    aws("secretsmanager", "get-secret-value", "--secret-id", required(arnVariable), "--query", "SecretString");
  return {
    darajaUrl: required("MPESA_BASE_URL"),
    shortCode: required("MPESA_PAYBILL_SHORTCODE"),
    ...(variables.MPESA_SHORTCODE ? { stkShortCode: variables.MPESA_SHORTCODE } : {}),
    callbackBaseUrl: required("MPESA_CALLBACK_BASE_URL"),
    consumerKey: await secret("MPESA_CONSUMER_KEY_ARN"),
    consumerSecret: await secret("MPESA_CONSUMER_SECRET_ARN"),
    callbackToken: await secret("MPESA_CALLBACK_TOKEN_ARN"),
    nominatedNumber,
    c2bVersion,
  };
}

/** Shows a URL without its token, which is a secret (it is printed only as its first characters). */
const withoutToken = (url: string) => url.replace(/\/([^/]{4})[^/]*$/, "/$1…");

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      stage: { type: "string" },
      "nominated-number": { type: "string" },
      "c2b-version": { type: "string", default: "v2" },
    },
  });
  if (positionals[0] !== "register-urls" || positionals.length !== 1) throw new UsageError("Unknown command");
  const c2bVersion = values["c2b-version"];
  if (c2bVersion !== "v1" && c2bVersion !== "v2") throw new UsageError("--c2b-version is v1 or v2");
  let target: PaybillTarget;
  if (values.stage) {
    const nominated = values["nominated-number"];
    if (!nominated || !/^254[17]\d{8}$/.test(nominated)) {
      throw new UsageError("With --stage, give the Paybill's nominated number as --nominated-number 2547XXXXXXXX");
    }
    target = await stageTarget(values.stage, nominated, c2bVersion);
    console.log(`Stage ${values.stage}: Daraja at ${target.darajaUrl}, Paybill ${target.shortCode}`);
  } else {
    target = {
      ...localTarget(),
      c2bVersion,
      ...(values["nominated-number"] ? { nominatedNumber: values["nominated-number"] } : {}),
    };
    console.log(`Local Daraja simulator at ${target.darajaUrl}, Paybill ${target.shortCode}`);
  }
  const done = await registerPaybill(target);
  console.log(
    [
      `C2B URLs (${target.c2bVersion}, ResponseType Completed): ${done.c2bUrls}`,
      `  validation    ${withoutToken(done.validationUrl)}`,
      `  confirmation  ${withoutToken(done.confirmationUrl)}`,
      `Pull Transactions (nominated number ${target.nominatedNumber}): ${done.pullTransactions}`,
      ...(done.stkPullTransactions
        ? [`Pull Transactions of the STK short code ${target.stkShortCode}: ${done.stkPullTransactions}`]
        : []),
    ].join("\n"),
  );
  if (done.c2bUrls === "already registered") {
    console.log(
      "Safaricom already had URLs for this Paybill and kept them. If they are not the ones above (a rotated token, a " +
        "new domain), delete them in the Daraja portal (URL Management) and run this again: docs/runbook.md.",
    );
  }
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`Refused: ${error.message}\n\n${USAGE}`);
        process.exit(2);
      }
      const message =
        error instanceof DarajaError
          ? `Daraja refused: ${error.errorCode} ${error.errorMessage}`
          : error instanceof Error
            ? error.message
            : String(error);
      console.error(`Failed: ${message}`);
      process.exit(1);
    },
  );
}
