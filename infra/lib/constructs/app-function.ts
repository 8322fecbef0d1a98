import type { RouteData } from "@jengafund/shared";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Architecture, Runtime } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { repoPaths } from "../paths.js";

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
   * Secrets the code reads once per container, keyed by the environment variable that carries the ARN
   * (e.g. `JWT_SECRET_ARN`). Only the ARN reaches the environment; the value never enters the template.
   */
  readonly secrets?: Readonly<Record<string, ISecret>>;
  readonly environment?: Readonly<Record<string, string>>;
  /** Default 10 s: API Gateway gives up after 30 s, and every request path here is a few round trips. */
  readonly timeout?: Duration;
}

/**
 * A Lambda function with the house defaults: Node.js 22 on arm64, one minified ESM bundle with source maps, a
 * one-month log group, and the table access and secrets it is bound to granted together with their environment
 * variables.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id, {
      entry: props.entry,
      handler: "handler",
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
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
      },
      environment: {
        NODE_OPTIONS: "--enable-source-maps",
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
        ...(props.data === "none" ? {} : { TABLE_NAME: props.table.tableName }),
        ...props.environment,
      },
      logGroup: new LogGroup(scope, `${id}Logs`, {
        retention: RetentionDays.ONE_MONTH,
        // The logs belong to a stateless stack: destroying it should leave no orphaned groups behind.
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    });

    if (props.data === "read") props.table.grantReadData(this);
    if (props.data === "write") props.table.grantReadWriteData(this);
    for (const [variable, secret] of Object.entries(props.secrets ?? {})) {
      this.addEnvironment(variable, secret.secretArn);
      secret.grantRead(this);
    }
  }
}
