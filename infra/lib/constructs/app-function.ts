import type { RouteData } from "@jengafund/shared";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { IKey } from "aws-cdk-lib/aws-kms";
import {
  Architecture,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
} from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup } from "aws-cdk-lib/aws-logs";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { lambdaBundleAliases } from "../../../functions/src/bundling.js";
import { CREDENTIAL_PREFIX, keys, SESSIONS_ATTRIBUTE } from "../../../functions/src/kernel/dynamo/keys.js";
import type { DeploySettings } from "../deploy-settings.js";
import { acknowledge, arnToken, BASIC_EXECUTION_ROLE, PINNED_RUNTIME } from "../nag.js";
import { METRICS_NAMESPACE, SERVICE_NAME } from "../observability.js";
import { repoPaths } from "../paths.js";
import type { DocumentsUse, IdentityDocuments } from "./identity-documents.js";

/**
 * The stage-wide settings every function is built with: its Powertools configuration, its logs' lifetime, and the key
 * its logs (which name accounts and addresses) are encrypted with, the data stack's personal data key.
 */
export type FunctionOperations = Pick<
  DeploySettings,
  "stage" | "logLevel" | "logRetention" | "retainLogs" | "indexShards"
> & { readonly personalDataKey: IKey };

export interface AppFunctionProps {
  /** Absolute path of the TypeScript module that exports `handler`. */
  readonly entry: string;
  readonly description?: string;
  /** The single table. */
  readonly table: ITableV2;
  /**
   * What the function may do to the table, as the route list says: `read` gets read-only access, `write` read and
   * write, `none` no access and no TABLE_NAME (least privilege, design.md §9).
   */
  readonly data: RouteData;
  /**
   * Whether the function may touch the credential items (RouteDefinition.credentials: sign-in, registration, password
   * reset, the second factor). Without it, IAM denies it every item whose partition key is `CREDENTIAL#…`
   * (docs/adr/0016-credentials-apart.md).
   */
  readonly credentials?: boolean;
  /**
   * The partition keys (StringLike patterns) of every item and index entry the function touches, where they are known
   * (route-partitions.ts): its table grant is then limited to them by `dynamodb:LeadingKeys`. Without it, the whole
   * table as `data` says, less the Denies below.
   */
  readonly partitions?: readonly string[];
  /**
   * Whether the function authenticates callers who may be admins while its table grant is read-only: the authenticator
   * moves an admin's idle window on (docs/adr/0018-sessions-and-signing-keys.md), so such a function may also update
   * the `sessions` attribute of user items, and nothing else. A function that writes the table has this already.
   */
  readonly slidesSessions?: boolean;
  /**
   * Secrets the code reads once per container, keyed by the environment variable that carries the ARN
   * (e.g. `JWT_SECRET_ARN`). Only the ARN reaches the environment; the value never enters the template.
   */
  readonly secrets?: Readonly<Record<string, ISecret>>;
  /**
   * The identity documents, where the route list says the function uses them (RouteDefinition.documents): their
   * bucket's name and exactly the rights of that use (identity-documents.ts). Without it, none.
   */
  readonly documents?: { readonly store: IdentityDocuments; readonly use: DocumentsUse };
  readonly environment?: Readonly<Record<string, string>>;
  /** Default 10 s: API Gateway gives up after 30 s, and every request path here is a few round trips. */
  readonly timeout?: Duration;
  /** Default 512 MB; more for a function that renders files (memory also buys CPU). */
  readonly memorySize?: number;
  readonly operations: FunctionOperations;
  /** Executions kept for this function alone, and the most it may run at once; default: the account's shared pool. */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * A Lambda function with the house defaults: Node.js 22 on arm64, one minified ESM bundle with source maps, its own
 * log group kept for the stage's retention, the Powertools configuration, and the table access and secrets it is
 * bound to granted together with their environment variables.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id, {
      entry: props.entry,
      handler: "handler",
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      projectRoot: repoPaths.root,
      depsLockFilePath: repoPaths.lockFile,
      bundling: {
        format: OutputFormat.ESM,
        target: "node22",
        mainFields: ["module", "main"],
        minify: true,
        sourceMap: true,
        // Stack traces need file:line only; leaving the original sources out of the map keeps the package small.
        sourcesContent: false,
        // esbuild leaves CommonJS dependencies' require() of Node built-ins as runtime calls, and an ES module has no
        // `require` unless we create one.
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        // Bundle the SDK v3 version we pin and test with, instead of whatever the runtime happens to ship.
        externalModules: [],
        // The SDK's default credential chain becomes the environment's credentials (functions/src/bundling.ts);
        // relative paths resolve from the project root, where the CDK runs esbuild.
        esbuildArgs: {
          "--alias": Object.entries(lambdaBundleAliases).map(([name, path]) => `${name}=${path}`),
        },
      },
      // A function bound to secrets reads them through the Parameters and Secrets extension (a local HTTP call, see
      // functions/src/lib/secrets.ts) rather than a Secrets Manager client in its bundle. The code keeps each secret
      // for the container's life and re-reads the origin secret when a header is refused (to follow a rotation), so
      // the extension's own cache is off: a re-read reaches Secrets Manager.
      paramsAndSecrets:
        props.secrets && Object.keys(props.secrets).length > 0
          ? ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
              cacheEnabled: false,
              logLevel: ParamsAndSecretsLogLevel.WARN,
            })
          : undefined,
      environment: {
        NODE_OPTIONS: "--enable-source-maps",
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
        STAGE: props.operations.stage,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        LOG_LEVEL: props.operations.logLevel,
        ...(props.data === "none"
          ? {}
          : { TABLE_NAME: props.table.tableName, INDEX_SHARDS: String(props.operations.indexShards) }),
        ...props.environment,
      },
      logGroup: new LogGroup(scope, `${id}Logs`, {
        retention: props.operations.logRetention,
        removalPolicy: logRemovalPolicy(props.operations),
        encryptionKey: props.operations.personalDataKey,
      }),
    });

    if (props.data !== "none" && props.partitions) {
      this.addToRolePolicy(partitionGrant(props.table, props.data, props.partitions));
      // The table's key (the personal data key), which the table's own grants below add by themselves.
      if (props.data === "write") props.table.encryptionKey?.grantEncryptDecrypt(this);
      else props.table.encryptionKey?.grantDecrypt(this);
    } else if (props.data === "read") props.table.grantReadData(this);
    else if (props.data === "write") props.table.grantReadWriteData(this);
    if (props.data === "read" && props.slidesSessions) this.addToRolePolicy(sessionSlideGrant(props.table));
    if (props.data !== "none") {
      for (const statement of tableDenials(props.table, props.credentials === true)) this.addToRolePolicy(statement);
    }
    if (props.data !== "none" && !props.partitions) {
      acknowledge(
        this,
        "Queries use the table's global secondary indexes, whose ARNs are the table's /index/*: the wildcard covers " +
          "this one table's indexes and nothing else",
        `AwsSolutions-IAM5[Resource::${arnToken(props.table)}/index/*]`,
      );
    }
    if (props.data === "write") {
      acknowledge(
        this,
        "The table is encrypted with the personal data key: writing it (and sending to a failure queue under the same " +
          "key) takes new data keys, which is what these KMS action families are; the statement names that one key",
        "AwsSolutions-IAM5[Action::kms:GenerateDataKey*]",
        "AwsSolutions-IAM5[Action::kms:ReEncrypt*]",
      );
    }
    for (const [variable, secret] of Object.entries(props.secrets ?? {})) {
      this.addEnvironment(variable, secret.secretArn);
      secret.grantRead(this);
    }
    props.documents?.store.grantTo(this, props.documents.use);

    acknowledge(
      this,
      "Node.js 22 is the runtime the code is built (esbuild target node22) and tested for (design.md §3); moving to a " +
        "newer one is a deliberate upgrade with its own test run, not a lint fix",
      ...PINNED_RUNTIME,
    );
    acknowledge(
      this,
      "AWSLambdaBasicExecutionRole only lets the function write its own logs (log group and stream creation, " +
        "PutLogEvents); everything else it may do is granted by name above",
      BASIC_EXECUTION_ROLE,
    );
    acknowledge(
      this,
      "No X-Ray tracing yet: the code has no tracer, so active tracing would record unannotated segments at a cost. " +
        "A request is followed through the Powertools logs by its request id instead",
      "Serverless-LambdaTracing",
    );
  }
}

/** The DynamoDB actions that read items by key, each authorised per item with that item's partition key. */
const ITEM_READS = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:ConditionCheckItem"];
/** The DynamoDB actions that write items, authorised the same way. */
const ITEM_WRITES = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"];
const ITEM_ACTIONS = [...ITEM_READS, ...ITEM_WRITES];

/**
 * The item reads (and, for `write`, writes) on the table (no index), only while every partition key the request names
 * matches one of `partitions`. A request naming any other (a batch mixing one in) is refused whole.
 */
function partitionGrant(table: ITableV2, data: Exclude<RouteData, "none">, partitions: readonly string[]) {
  return new PolicyStatement({
    effect: Effect.ALLOW,
    actions: data === "write" ? ITEM_ACTIONS : ITEM_READS,
    resources: [table.tableArn],
    conditions: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [...partitions] } },
  });
}

/**
 * The one write a read-only route's authenticator makes: an admin's session entry moved on (sliding idle window), an
 * UpdateItem of a user item that names no attribute but the key and `sessions` (`dynamodb:Attributes`).
 */
function sessionSlideGrant(table: ITableV2) {
  return new PolicyStatement({
    effect: Effect.ALLOW,
    actions: ["dynamodb:UpdateItem"],
    resources: [table.tableArn],
    conditions: {
      "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [keys.user("*").PK] },
      "ForAllValues:StringEquals": { "dynamodb:Attributes": ["PK", "SK", SESSIONS_ATTRIBUTE] },
      // ForAllValues holds for a request that names no attributes at all: this one must name them.
      Null: { "dynamodb:Attributes": "false" },
    },
  });
}

/**
 * What no grant of the table may give (docs/adr/0016-credentials-apart.md): a Scan, to any function (none reads the
 * table whole; `npm run migrate` runs with the operator's rights), and, to a function that is not one of the
 * credential routes, any item whose partition key is a credential's (`CREDENTIAL#…`). An explicit Deny wins over
 * every Allow, so no later grant can widen it.
 */
function tableDenials(table: ITableV2, credentials: boolean): PolicyStatement[] {
  const resources = [table.tableArn, `${table.tableArn}/index/*`];
  const denials = [new PolicyStatement({ effect: Effect.DENY, actions: ["dynamodb:Scan"], resources })];
  if (!credentials) {
    denials.push(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: [...ITEM_ACTIONS],
        resources,
        conditions: { "ForAnyValue:StringLike": { "dynamodb:LeadingKeys": [`${CREDENTIAL_PREFIX}*`] } },
      }),
    );
  }
  return denials;
}

/**
 * Prod keeps its logs when a stack is deleted or a function replaced (they may be needed to answer for money later);
 * the other stages' logs belong to stateless stacks, and destroying one should leave no orphaned groups behind.
 */
export function logRemovalPolicy(operations: Pick<FunctionOperations, "retainLogs">): RemovalPolicy {
  return operations.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
