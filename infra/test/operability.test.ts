import { readFileSync } from "node:fs";
import { type RouteDefinition, routes } from "@jengafund/shared";
import type { CfnElement } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { tableKeySchema } from "../../functions/src/kernel/dynamo/table-schema.js";
import { EVENT_SOURCE } from "../../functions/src/kernel/event-names.js";
import { flushMetrics, metrics } from "../../functions/src/kernel/metrics.js";
import { isPullRun } from "../../functions/src/modules/money-in/index.js";
import { metricLines, outputOf } from "../../functions/test/support/output.js";
import { ACCESS_LOG_FORMAT } from "../lib/api-stack.js";
import { RUNBOOK } from "../lib/constructs/monitoring.js";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import {
  BUSINESS_METRIC_NAMES,
  BUSINESS_METRICS,
  type BusinessMetric,
  METRICS_NAMESPACE,
  SERVICE_NAME,
} from "../lib/observability.js";
import { repoPaths } from "../lib/paths.js";
import { apiTemplates } from "./api-templates.js";
import { PROD_CONTEXT, skipBundling } from "./contexts.js";

const noSite = "/nonexistent/jengafund-web-dist";

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

function synth(context: Record<string, unknown> = {}) {
  const stacks = createJengaFundApp({ context: { ...skipBundling, ...context }, siteDirectory: noSite });
  return {
    stacks,
    api: apiTemplates(stacks.api).all,
    apiParts: apiTemplates(stacks.api),
    web: Template.fromStack(stacks.web),
  };
}

const appFunctions = (template: Template) =>
  Object.entries(template.findResources("AWS::Lambda::Function", { Properties: { Runtime: "nodejs22.x" } })) as [
    string,
    Resource,
  ][];

const environmentOf = (fn: Resource) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

function functionNamed(template: Template, description: string): [string, Resource] {
  const found = appFunctions(template).filter(([, fn]) => fn.Properties.Description === description);
  expect(found).toHaveLength(1);
  return found[0] as [string, Resource];
}

/** The one function with this description, or undefined. */
function functionNamedOrNone(template: Template, description: string): Resource | undefined {
  return appFunctions(template).find(([, fn]) => fn.Properties.Description === description)?.[1];
}

/** The one alarm of that name in a template. */
function alarmIn(template: Template, name: string) {
  const found = Object.values(template.findResources("AWS::CloudWatch::Alarm", { Properties: { AlarmName: name } }));
  expect(found, name).toHaveLength(1);
  return found[0]?.Properties as {
    Dimensions?: unknown;
    AlarmActions: unknown[];
    [property: string]: unknown;
  };
}

const CALLBACK_ROUTE = "POST /api/hooks/daraja/{kind}/{token}";

/** The scheduled jobs: each one's function description, schedule, and whether it calls Daraja. */
const JOBS = [
  {
    name: "reconcile-stk-deposits",
    description: "Asks Daraja about STK deposits still pending (STK query)",
    schedule: "rate(5 minutes)",
    daraja: true,
  },
  {
    name: "reconcile-payouts",
    description: "Asks Daraja about approved payouts without a result (Transaction Status)",
    schedule: "rate(5 minutes)",
    daraja: true,
  },
  {
    name: "pull-paybill-transactions",
    description: "Pulls the last hour of Paybill payments from Daraja and settles the unconfirmed ones",
    schedule: "cron(0/15 * * * ? *)",
    daraja: true,
  },
  {
    name: "check-waiting-paybill-payments",
    description: "Confirms held Paybill payments with M-Pesa's record and counts stale unmatched ones",
    schedule: "rate(5 minutes)",
    daraja: true,
  },
  {
    name: "sweep-outbox",
    description: "Sends the money alerts (SMS and e-mail) still open in the outbox",
    schedule: "rate(5 minutes)",
    daraja: false,
  },
  {
    name: "retire-matured-investments",
    description: "Returns the capital of matured investments to the balances they were bought from",
    schedule: "rate(5 minutes)",
    daraja: false,
  },
] as const;
const pascal = (kebab: string) => kebab.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const SETTLE = "Applies M-Pesa callbacks from the payments bus";

let dev: ReturnType<typeof synth>;
let prod: ReturnType<typeof synth>;
beforeAll(() => {
  dev = synth();
  prod = synth(PROD_CONTEXT);
});

describe("stages", () => {
  it("names every stack after the stage, dev by default", () => {
    const names = (app: ReturnType<typeof synth>) =>
      [app.stacks.data, app.stacks.api, app.stacks.edge, app.stacks.web].map((s) => s.stackName);
    expect(names(dev)).toEqual(["JengaFund-Dev-Data", "JengaFund-Dev-Api", "JengaFund-Dev-Edge", "JengaFund-Dev-Web"]);
    expect(names(synth({ stage: "staging" }))).toEqual([
      "JengaFund-Staging-Data",
      "JengaFund-Staging-Api",
      "JengaFund-Staging-Edge",
      "JengaFund-Staging-Web",
    ]);
    expect(names(prod)).toEqual([
      "JengaFund-Prod-Data",
      "JengaFund-Prod-Api",
      "JengaFund-Prod-Edge",
      "JengaFund-Prod-Web",
    ]);
  });

  it("refuses a stage it does not know", () => {
    expect(() => synth({ stage: "production" })).toThrow(/stage must be one of dev, staging, prod; got production/);
  });

  it("refuses a prod synth on the Daraja sandbox defaults, listing every value to set", () => {
    const attempt = () => synth({ stage: "prod" });
    expect(attempt).toThrow(/Refusing to synthesize stage prod/);
    for (const problem of [
      /mpesaBaseUrl is Daraja's sandbox \(https:\/\/sandbox\.safaricom\.co\.ke\)/,
      /mpesaShortcode is the sandbox's 174379/,
      /mpesaB2cShortcode is the sandbox's 600984/,
      /mpesaPaybillShortcode is the sandbox's 600984/,
      /mpesaInitiatorName is the sandbox's testapi/,
      /mpesaCallbackBaseUrl is missing/,
      /alarmEmail is missing/,
      /apiDomainName and apiCertificateArn are missing: without the API's own name its execute-api address stays open/,
      /smsBaseUrl is Africa's Talking's sandbox \(https:\/\/api\.sandbox\.africastalking\.com\)/,
      /smsUsername is the sandbox's/,
      /smsSenderId is missing/,
    ]) {
      expect(attempt).toThrow(problem);
    }
  });

  it.each([
    ["mpesaBaseUrl", "https://sandbox.safaricom.co.ke", /mpesaBaseUrl is Daraja's sandbox/],
    ["mpesaShortcode", "174379", /mpesaShortcode is the sandbox's/],
    ["mpesaB2cShortcode", "600984", /mpesaB2cShortcode is the sandbox's/],
    ["mpesaPaybillShortcode", "600984", /mpesaPaybillShortcode is the sandbox's/],
    ["mpesaInitiatorName", "testapi", /mpesaInitiatorName is the sandbox's/],
    ["mpesaCallbackBaseUrl", "http://pay.example.co.ke/api", /mpesaCallbackBaseUrl must be an https/],
    ["smsBaseUrl", "https://api.sandbox.africastalking.com", /smsBaseUrl is Africa's Talking's sandbox/],
    ["smsBaseUrl", "http://api.africastalking.com", /smsBaseUrl must be an https/],
    ["smsUsername", "sandbox", /smsUsername is the sandbox's/],
    ["smsSenderId", "", /smsSenderId is missing/],
  ])("refuses a prod synth whose %s is %s, even with everything else set", (key, value, message) => {
    expect(() => synth({ ...PROD_CONTEXT, [key]: value })).toThrow(message);
  });

  it("refuses a prod synth without the API's own name, which keeps the execute-api address closed", () => {
    const { apiDomainName: _, apiCertificateArn: __, ...withoutApiDomain } = PROD_CONTEXT;
    expect(() => synth(withoutApiDomain)).toThrow(/apiDomainName and apiCertificateArn are missing/);
    expect(() => synth({ ...withoutApiDomain, stage: "staging" })).not.toThrow();
  });

  it("takes prod's callback base from the site's domain when no mpesaCallbackBaseUrl is given", () => {
    const { mpesaCallbackBaseUrl: _, ...withoutCallback } = PROD_CONTEXT;
    const { api } = synth({
      ...withoutCallback,
      domainName: "pay.jengafund.co.ke",
      certificateArn: "arn:aws:acm:us-east-1:111122223333:certificate/site",
    });
    const [, deposit] = functionNamed(api, "POST /api/mpesa/deposit");
    expect(environmentOf(deposit).MPESA_CALLBACK_BASE_URL).toBe("https://pay.jengafund.co.ke/api");
  });

  it("hands the go-live Daraja settings to the payment functions", () => {
    const [, deposit] = functionNamed(prod.api, "POST /api/mpesa/deposit");
    expect(environmentOf(deposit)).toMatchObject({
      MPESA_BASE_URL: "https://api.safaricom.co.ke",
      MPESA_SHORTCODE: "123456",
      MPESA_B2C_SHORTCODE: "654321",
      MPESA_INITIATOR_NAME: "jengafund",
      MPESA_CALLBACK_BASE_URL: "https://pay.example.co.ke/api",
    });
  });

  it("tells settle and reconciliation which Paybill is ours (a confirmation for another is kept unmatched)", () => {
    for (const description of [
      "Applies M-Pesa callbacks from the payments bus",
      ...JOBS.filter((job) => job.daraja).map((job) => job.description),
    ]) {
      const [, fn] = functionNamed(prod.api, description);
      expect(environmentOf(fn).MPESA_PAYBILL_SHORTCODE, description).toBe("567890");
    }
  });

  it("reads a stage's values from its block in the stages context, a value given directly winning", () => {
    const { mpesaCallbackBaseUrl, ...rest } = PROD_CONTEXT;
    const { stacks, api } = synth({
      stage: "prod",
      mpesaCallbackBaseUrl,
      stages: { prod: { ...rest, mpesaCallbackBaseUrl: "https://ignored.example.co.ke/api", account: "111122223333" } },
    });
    expect(stacks.settings.account).toBe("111122223333");
    expect(stacks.api.resolve(stacks.api.account)).toBe("111122223333");
    const [, deposit] = functionNamed(api, "POST /api/mpesa/deposit");
    expect(environmentOf(deposit).MPESA_CALLBACK_BASE_URL).toBe(mpesaCallbackBaseUrl);
    // Another stage's block does not leak into this one.
    expect(() => synth({ stage: "staging", stages: { prod: { mpesaShortcode: "x" } } })).not.toThrow();
  });

  it.each([
    [{ account: "1234" }, /account must be a 12-digit AWS account id/],
    [{ mpesaShortcode: "17437 9" }, /mpesaShortcode must be digits only/],
    [{ alarmEmail: "ops" }, /alarmEmail must be an e-mail address/],
    [{ logRetentionDays: 10 }, /logRetentionDays must be one of CloudWatch's periods/],
    [{ logLevel: "verbose" }, /logLevel must be one of DEBUG, INFO, WARN, ERROR/],
    [{ settleConcurrency: 0 }, /settleConcurrency must be a whole number of at least 1/],
    [{ stages: "prod" }, /stages context value must be an object/],
  ])("refuses the malformed setting %j", (context, message) => {
    expect(() => synth(context)).toThrow(message);
  });
});

describe("every function's Powertools configuration and logs", () => {
  it.each([
    ["dev", () => dev],
    ["prod", () => prod],
  ])("gives every %s function its stage, service, metrics namespace and log level", (stage, app) => {
    const functions = appFunctions(app().api);
    // The routes', settle, the scheduled jobs, the alert sender and the monthly statement job.
    expect(functions).toHaveLength(routes.length + 3 + JOBS.length);
    for (const [, fn] of functions) {
      expect(environmentOf(fn)).toMatchObject({
        STAGE: stage,
        POWERTOOLS_SERVICE_NAME: "jengafund",
        POWERTOOLS_METRICS_NAMESPACE: "JengaFund",
        LOG_LEVEL: "INFO",
      });
    }
  });

  it("gives every function that reads the table the shard count of its index lists, the same as locally", () => {
    const withTable = (app: ReturnType<typeof synth>) =>
      appFunctions(app.api).filter(([, fn]) => environmentOf(fn).TABLE_NAME !== undefined);
    expect(withTable(dev).length).toBeGreaterThan(routes.length - 2);
    for (const [, fn] of withTable(dev))
      expect(environmentOf(fn).INDEX_SHARDS).toBe(String(tableKeySchema.indexShards));
    for (const [, fn] of withTable(synth({ indexShards: 32 }))) expect(environmentOf(fn).INDEX_SHARDS).toBe("32");
    expect(() => synth({ indexShards: 0 })).toThrow(/indexShards must be a whole number of at least 1/);
  });

  it("takes the log level from context", () => {
    const [[, fn]] = appFunctions(synth({ logLevel: "debug" }).api) as [[string, Resource]];
    expect(environmentOf(fn).LOG_LEVEL).toBe("DEBUG");
  });

  it("keeps prod's logs 90 days and retains them when a stack or function goes", () => {
    const groups = Object.values(prod.api.findResources("AWS::Logs::LogGroup")) as Resource[];
    // Every function's group (the routes', settle, the six scheduled jobs, the alert sender, the monthly job) and the
    // API's access logs.
    expect(groups).toHaveLength(routes.length + 10);
    for (const group of groups) {
      expect(group.Properties.RetentionInDays).toBe(90);
      expect(group.DeletionPolicy).toBe("Retain");
    }
  });

  it("keeps dev's logs two weeks and deletes them with the stack", () => {
    for (const group of Object.values(dev.api.findResources("AWS::Logs::LogGroup")) as Resource[]) {
      expect(group.Properties.RetentionInDays).toBe(14);
      expect(group.DeletionPolicy).toBe("Delete");
    }
  });

  it("takes the retention from logRetentionDays", () => {
    synth({ logRetentionDays: "180" }).api.allResourcesProperties("AWS::Logs::LogGroup", { RetentionInDays: 180 });
  });
});

describe("API access logs", () => {
  const stageOf = (template: Template) =>
    Object.values(template.findResources("AWS::ApiGatewayV2::Stage"))[0] as Resource;

  it("logs the route key, never the raw path, which holds the callback token", () => {
    const format = (stageOf(dev.api).Properties.AccessLogSettings as { Format: string }).Format;
    expect(format).toBe(ACCESS_LOG_FORMAT);
    expect(format).toContain("$context.routeKey");
    expect(format).not.toContain("$context.path");
    // rawPath would leak the token just the same.
    expect(format).not.toMatch(/\$context\.(path|rawPath|resourcePath)\b/);
  });

  it("writes one JSON line with the request id, status, latency and caller address", () => {
    const fields = JSON.parse(ACCESS_LOG_FORMAT) as Record<string, string>;
    expect(fields).toMatchObject({
      requestId: "$context.requestId",
      routeKey: "$context.routeKey",
      status: "$context.status",
      latencyMs: "$context.responseLatency",
      sourceIp: "$context.identity.sourceIp",
    });
  });

  it("sends the access logs to their own log group", () => {
    const settings = stageOf(dev.api).Properties.AccessLogSettings as { DestinationArn: unknown };
    const [groupId] = Object.keys(
      dev.api.findResources("AWS::Logs::LogGroup", { Properties: { RetentionInDays: 14 } }),
    ).filter((id) => id.startsWith("ApiAccessLogs"));
    expect(settings.DestinationArn).toEqual({ "Fn::GetAtt": [groupId, "Arn"] });
  });
});

describe("CloudFront logs", () => {
  const logBucket = (template: Template) => {
    const found = Object.entries(
      template.findResources("AWS::S3::Bucket", {
        Properties: { OwnershipControls: { Rules: [{ ObjectOwnership: "BucketOwnerPreferred" }] } },
      }),
    ) as [string, Resource][];
    expect(found).toHaveLength(1);
    return found[0] as [string, Resource];
  };

  it("writes standard logs to a private, encrypted bucket that keeps ACLs for CloudFront's log delivery", () => {
    const [bucketId, bucket] = logBucket(dev.web);
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
    });
    dev.web.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        Logging: { Bucket: { "Fn::GetAtt": [bucketId, "RegionalDomainName"] }, Prefix: "cloudfront/" },
      }),
    });
    dev.web.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  });

  it("versions the logs and expires them, and their old versions, after the stage's retention; keeps prod's bucket when the stack goes", () => {
    const [, devBucket] = logBucket(dev.web);
    expect(devBucket.Properties.VersioningConfiguration).toEqual({ Status: "Enabled" });
    expect(devBucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: "ExpireVersions",
          ExpirationInDays: 14,
          NoncurrentVersionExpiration: { NoncurrentDays: 14 },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: "Enabled",
        },
        { Id: "ClearDeleteMarkers", ExpiredObjectDeleteMarker: true, Status: "Enabled" },
      ],
    });
    expect(devBucket.DeletionPolicy).toBe("Delete");
    const [, prodBucket] = logBucket(prod.web);
    expect(prodBucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: "ExpireVersions",
          ExpirationInDays: 90,
          NoncurrentVersionExpiration: { NoncurrentDays: 90 },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: "Enabled",
        },
        { Id: "ClearDeleteMarkers", ExpiredObjectDeleteMarker: true, Status: "Enabled" },
      ],
    });
    expect(prodBucket.DeletionPolicy).toBe("Retain");
  });

  it("logs the site bucket's own access to the same bucket", () => {
    const [bucketId] = logBucket(dev.web);
    dev.web.hasResourceProperties("AWS::S3::Bucket", {
      LoggingConfiguration: { DestinationBucketName: { Ref: bucketId }, LogFilePrefix: "site-bucket/" },
    });
  });
});

describe("nothing lost", () => {
  const queueArn = (template: Template, idPrefix: string) => {
    const [id] = Object.keys(template.findResources("AWS::SQS::Queue")).filter((q) => q.startsWith(idPrefix));
    expect(id).toBeDefined();
    return { "Fn::GetAtt": [id, "Arn"] };
  };

  it("sends the settle function's failed asynchronous invocations, after two retries, to an on-failure queue", () => {
    const [settleId] = functionNamed(dev.api, SETTLE);
    dev.api.hasResourceProperties("AWS::Lambda::EventInvokeConfig", {
      FunctionName: { Ref: settleId },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 21600,
      DestinationConfig: { OnFailure: { Destination: queueArn(dev.api, "SettleFailures") } },
    });
  });

  it("encrypts the settle queues and the alert sender's with the personal data key, and refuses them over plain HTTP", () => {
    const queues = Object.entries(dev.api.findResources("AWS::SQS::Queue"));
    expect(queues).toHaveLength(3);
    for (const [id, queue] of queues) {
      expect(queue.Properties).toMatchObject({ MessageRetentionPeriod: 1209600 });
      expect(JSON.stringify(queue.Properties.KmsMasterKeyId)).toContain("PersonalDataKey");
      dev.api.hasResourceProperties("AWS::SQS::QueuePolicy", {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
          ]),
        },
      });
    }
  });

  it("archives every payments event for a year, and names the archive, bus and rule in the outputs", () => {
    const [busId] = Object.keys(dev.api.findResources("AWS::Events::EventBus"));
    const [archiveId] = Object.keys(
      dev.api.findResources("AWS::Events::Archive", {
        Properties: {
          SourceArn: { "Fn::GetAtt": [busId, "Arn"] },
          EventPattern: { source: [EVENT_SOURCE] },
          RetentionDays: 365,
        },
      }),
    );
    expect(archiveId).toBeDefined();
    dev.api.hasOutput("PaymentsArchiveArn", { Value: { "Fn::GetAtt": [archiveId, "Arn"] } });
    dev.api.hasOutput("PaymentsBusArn", { Value: { "Fn::GetAtt": [busId, "Arn"] } });
    const [ruleId] = Object.keys(
      dev.api.findResources("AWS::Events::Rule", { Properties: { EventPattern: { source: [EVENT_SOURCE] } } }),
    );
    dev.api.hasOutput("SettleRuleArn", { Value: { "Fn::GetAtt": [ruleId, "Arn"] } });
  });

  it("reserves concurrency for the callback ingest (20) and the settle function (10) in staging and prod", () => {
    for (const app of [prod, synth({ stage: "staging" })]) {
      expect(functionNamed(app.api, CALLBACK_ROUTE)[1].Properties.ReservedConcurrentExecutions).toBe(20);
      expect(functionNamed(app.api, SETTLE)[1].Properties.ReservedConcurrentExecutions).toBe(10);
    }
    // Only those two: the rest share the account's pool.
    const reserved = appFunctions(prod.api).filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions);
    expect(reserved).toHaveLength(2);
  });

  it("reserves nothing in dev, where a new account's quota leaves nothing to reserve, unless told to", () => {
    expect(appFunctions(dev.api).filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions)).toEqual([]);
    const { api } = synth({ callbackIngestConcurrency: "5", settleConcurrency: 3 });
    expect(functionNamed(api, CALLBACK_ROUTE)[1].Properties.ReservedConcurrentExecutions).toBe(5);
    expect(functionNamed(api, SETTLE)[1].Properties.ReservedConcurrentExecutions).toBe(3);
  });

  it("leaves a function unreserved in prod with the value none", () => {
    const { api } = synth({ ...PROD_CONTEXT, settleConcurrency: "none" });
    expect(functionNamed(api, SETTLE)[1].Properties.ReservedConcurrentExecutions).toBeUndefined();
  });
});

type Alarm = {
  AlarmName: string;
  AlarmDescription: string;
  Namespace?: string;
  MetricName?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Statistic?: string;
  Threshold: number;
  ComparisonOperator: string;
  TreatMissingData: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  Metrics?: {
    Id: string;
    Expression?: string;
    MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions?: unknown } };
  }[];
};

describe("alarms", () => {
  const alarms = (template: Template) =>
    Object.values(template.findResources("AWS::CloudWatch::Alarm")).map((a) => a.Properties as Alarm);
  const alarmNamed = (template: Template, name: string) => {
    const found = alarms(template).filter((a) => a.AlarmName === name);
    expect(found, name).toHaveLength(1);
    return found[0] as Alarm;
  };

  it("raises every alarm to one SNS topic, e-mailed to alarmEmail, and says so when it clears", () => {
    const [topicId] = Object.keys(prod.api.findResources("AWS::SNS::Topic"));
    prod.api.hasResourceProperties("AWS::SNS::Subscription", {
      Protocol: "email",
      Endpoint: "ops@example.co.ke",
      TopicArn: { Ref: topicId },
    });
    const all = alarms(prod.api);
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const alarm of all) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.AlarmName.startsWith("JengaFund-Prod-")).toBe(true);
    }
    prod.api.hasOutput("AlarmTopicArn", { Value: { Ref: topicId } });
  });

  it("keeps the topic HTTPS-only, and subscribes no one without alarmEmail", () => {
    dev.api.resourceCountIs("AWS::SNS::Subscription", 0);
    dev.api.hasResourceProperties("AWS::SNS::TopicPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  });

  const functionNames = [
    ...routes.map((r) => r.handler),
    "settle-mpesa-result",
    ...JOBS.map((job) => job.name),
    "send-notifications",
    "send-monthly-statements",
  ];

  it("watches every function's errors with an alarm of its own", () => {
    for (const name of functionNames) {
      expect(alarmNamed(prod.api, `JengaFund-Prod-Errors-${name}`)).toMatchObject({
        Namespace: "AWS/Lambda",
        MetricName: "Errors",
        Statistic: "Sum",
        Threshold: 1,
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        TreatMissingData: "notBreaching",
      });
    }
  });

  it("watches every function's throttles: the payment path alone, the shared pool in sums of at most ten", () => {
    const watched = new Map<string, string>();
    const throttleAlarms = alarms(prod.api).filter((a) => a.AlarmName.startsWith("JengaFund-Prod-Throttles-"));
    for (const alarm of throttleAlarms) {
      expect(alarm).toMatchObject({
        Threshold: 1,
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        TreatMissingData: "notBreaching",
      });
      const stats = alarm.Metrics?.filter((m) => m.MetricStat) ?? [];
      const functionsOf = alarm.Metrics
        ? stats.map((m) => JSON.stringify(m.MetricStat?.Metric.Dimensions))
        : [JSON.stringify(alarm.Dimensions)];
      if (alarm.Metrics) {
        // CloudWatch refuses a metric-math alarm over more than ten metrics.
        expect(stats.length).toBeGreaterThan(0);
        expect(stats.length).toBeLessThanOrEqual(10);
        expect(stats.every((m) => m.MetricStat?.Metric.MetricName === "Throttles")).toBe(true);
        expect(alarm.Metrics.find((m) => m.Expression)?.Expression).toBe("SUM(FILL(METRICS(), 0))");
      } else {
        expect(alarm).toMatchObject({ Namespace: "AWS/Lambda", MetricName: "Throttles", Statistic: "Sum" });
      }
      for (const fn of functionsOf) {
        expect(watched.has(fn), `${fn} watched twice`).toBe(false);
        watched.set(fn, alarm.AlarmName);
      }
    }
    // Every function of the stack, and no other, is in exactly one throttle alarm.
    expect(watched.size).toBe(functionNames.length);
    expect(watched.size).toBe(appFunctions(prod.api).length);
    // The payment path, and the jobs that find lost payments and send the alerts the stream's sender did not.
    const alone = [
      "receive-daraja-callback",
      "settle-mpesa-result",
      "reconcile-stk-deposits",
      "reconcile-payouts",
      "pull-paybill-transactions",
      "check-waiting-paybill-payments",
      "sweep-outbox",
    ];
    for (const name of alone) {
      expect(alarmNamed(prod.api, `JengaFund-Prod-Throttles-${name}`).MetricName).toBe("Throttles");
    }
    // The API stack's functions in groups of its own, each area's (and its event functions) in the area's groups.
    const inAreas = routes.filter((route: RouteDefinition) => route.area === "alerts").length + 2;
    const routesIn = (area: string) => routes.filter((route: RouteDefinition) => route.area === area).length;
    const otherAreas = routesIn("console") + routesIn("identity");
    const shared = throttleAlarms.filter((a) => a.AlarmName.includes("Throttles-shared-"));
    expect(shared.length).toBe(Math.ceil((functionNames.length - 2 - inAreas - otherAreas - JOBS.length) / 10));
    for (const area of ["console", "identity"]) {
      const groups = throttleAlarms.filter((a) => a.AlarmName.includes(`Throttles-${area}-`));
      expect(groups.length, area).toBe(Math.ceil(routesIn(area) / 10));
    }
    const alerts = throttleAlarms.filter((a) => a.AlarmName.includes("Throttles-alerts-"));
    expect(alerts.length).toBe(Math.ceil(inAreas / 10));
    // The jobs' nested stack: the job not watched alone in a group of its own.
    const jobs = throttleAlarms.filter((a) => a.AlarmName.includes("Throttles-jobs-"));
    expect(jobs.length).toBe(Math.ceil((JOBS.length - (alone.length - 2)) / 10));
  });

  it.each([
    ["ReconciliationErrors", "Sum", 1],
    ["StuckPayouts", "Maximum", 1],
    ["StaleDeposits", "Maximum", 1],
    ["UnmatchedPaymentsStale", "Maximum", 1],
    ["PayoutPaidAfterRefund", "Sum", 1],
    ["AmountMismatches", "Sum", 1],
    ["ReceiptConflict", "Sum", 1],
    ["ReceiptMismatch", "Sum", 1],
    ["CallbacksRejected", "Sum", 10],
  ])(
    "raises %s from the functions' %s metric at %i, with the service and stage dimensions",
    (name, stat, threshold) => {
      expect(alarmNamed(prod.api, `JengaFund-Prod-${name}`)).toMatchObject({
        Namespace: "JengaFund",
        MetricName: name,
        Dimensions: expect.arrayContaining([
          { Name: "service", Value: "jengafund" },
          { Name: "stage", Value: "prod" },
        ]),
        Statistic: stat,
        Threshold: threshold,
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        TreatMissingData: "notBreaching",
      });
    },
  );

  it("takes the CallbacksRejected spike threshold from context", () => {
    const { api } = synth({ callbacksRejectedAlarmThreshold: 50 });
    expect(alarmNamed(api, "JengaFund-Dev-CallbacksRejected").Threshold).toBe(50);
  });

  it("alarms on the API's 5xx rate, ignoring quiet periods", () => {
    const alarm = alarmNamed(prod.api, "JengaFund-Prod-Api5xxRate");
    expect(alarm.Threshold).toBe(5);
    const expression = alarm.Metrics?.find((m) => m.Expression)?.Expression;
    expect(expression).toBe("IF(requests >= 20, 100 * errors / requests, 0)");
    const metricNames = alarm.Metrics?.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
    expect(metricNames?.sort()).toEqual(["5xx", "Count"]);
  });

  it.each([
    ["SettleDeadLetters", "SettleDeadLetters"],
    ["SettleFailed", "SettleFailures"],
  ])("raises %s at the first message visible in the %s queue", (name, queueIdPrefix) => {
    const alarm = alarmNamed(prod.api, `JengaFund-Prod-${name}`);
    expect(alarm).toMatchObject({
      Namespace: "AWS/SQS",
      MetricName: "ApproximateNumberOfMessagesVisible",
      Statistic: "Maximum",
      Threshold: 1,
    });
    const [queueId] = Object.keys(prod.api.findResources("AWS::SQS::Queue")).filter((id) =>
      id.startsWith(queueIdPrefix),
    );
    expect(alarm.Dimensions).toEqual([{ Name: "QueueName", Value: { "Fn::GetAtt": [queueId, "QueueName"] } }]);
  });

  it("raises SettleEventsLost when a callback could be neither settled nor queued", () => {
    const alarm = alarmNamed(prod.api, "JengaFund-Prod-SettleEventsLost");
    const metrics = alarm.Metrics?.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
    expect(metrics?.sort()).toEqual([
      "DestinationDeliveryFailures",
      "FailedInvocations",
      "InvocationsFailedToBeSentToDlq",
    ]);
    // The settle rule's metrics, by the names the bus and the rule are given.
    const ruleDimensions = alarm.Metrics?.flatMap((m) =>
      m.MetricStat?.Metric.Namespace === "AWS/Events" ? [m.MetricStat.Metric.Dimensions] : [],
    );
    expect(ruleDimensions).toEqual(
      Array(2).fill([
        { Name: "EventBusName", Value: "JengaFund-Prod-Payments" },
        { Name: "RuleName", Value: "JengaFund-Prod-Settle" },
      ]),
    );
    prod.api.hasResourceProperties("AWS::Events::EventBus", { Name: "JengaFund-Prod-Payments" });
    prod.api.hasResourceProperties("AWS::Events::Rule", {
      Name: "JengaFund-Prod-Settle",
      EventPattern: { source: [EVENT_SOURCE] },
    });
  });

  it.each(JOBS)(
    "runs $name on its own schedule ($schedule) and raises its NotRunning alarm after three silent periods",
    ({ name, description, schedule }) => {
      const [functionId] = functionNamed(prod.api, description);
      prod.api.hasResourceProperties("AWS::Events::Rule", {
        Name: `JengaFund-Prod-${pascal(name)}`,
        ScheduleExpression: schedule,
        Targets: [
          Match.objectLike({ Arn: { "Fn::GetAtt": [functionId, "Arn"] }, RetryPolicy: { MaximumRetryAttempts: 0 } }),
        ],
      });
      expect(functionId.startsWith(pascal(name))).toBe(true);
      const alarm = alarmNamed(prod.api, `JengaFund-Prod-NotRunning-${name}`);
      expect(alarm).toMatchObject({
        Namespace: "AWS/Lambda",
        MetricName: "Invocations",
        // Fifteen minutes for a five-minute job, as before the split; 45 for the quarter-hour pull.
        Period: schedule === "rate(5 minutes)" ? 900 : 2700,
        Threshold: 1,
        ComparisonOperator: "LessThanThreshold",
        TreatMissingData: "breaching",
      });
      expect(alarm.Dimensions).toEqual([{ Name: "FunctionName", Value: { Ref: functionId } }]);
    },
  );

  it("pulls Paybill payments exactly on the runs isPullRun names: each quarter hour, none between", () => {
    const pull = JOBS.find((job) => job.name === "pull-paybill-transactions");
    const minutes = pull?.schedule.match(/^cron\((\d+)\/(\d+) \* \* \* \? \*\)$/);
    expect(minutes).not.toBeNull();
    const [first, every] = [Number(minutes?.[1]), Number(minutes?.[2])];
    for (let minute = 0; minute < 60; minute++) {
      const at = new Date(Date.UTC(2026, 10, 26, 8, minute));
      const fires = minute >= first && (minute - first) % every === 0;
      // Asked minute by minute: the runs isPullRun names are the first minute of each quarter hour.
      expect([minute, fires]).toEqual([minute, isPullRun(at, 60_000)]);
    }
  });

  it("links every alarm to a section of the runbook that exists", () => {
    const runbook = readFileSync(`${repoPaths.root}${RUNBOOK}`, "utf8");
    const anchors = new Set(
      [...runbook.matchAll(/^#+\s+(.+)$/gm)].map((m) =>
        (m[1] ?? "")
          .toLowerCase()
          .replace(/[^\w\- ]/g, "")
          .replace(/ /g, "-"),
      ),
    );
    for (const alarm of alarms(prod.api)) {
      const anchor = alarm.AlarmDescription.match(new RegExp(`${RUNBOOK}#([\\w-]+)`))?.[1];
      expect(anchor, alarm.AlarmName).toBeDefined();
      expect(anchors, `${alarm.AlarmName} → #${anchor}`).toContain(anchor);
    }
  });
});

describe("stack size", () => {
  const count = (template: Template) => Object.keys(template.toJSON().Resources as object).length;

  it("keeps the API stack and each of its nested stacks well under CloudFormation's 500 resources", () => {
    // A route of the API stack itself costs about eight (function, role, policy, log group, permission, integration,
    // route, its Errors alarm), a route of an area three there (route, integration, permission). 430 leaves seventy
    // under CloudFormation's cap for a deploy's own additions (docs/runbook.md, "Stack size").
    expect(count(prod.apiParts.parent)).toBeLessThan(430);
    expect([...prod.apiParts.nested.keys()]).toEqual([
      "JengaFund-Prod-Api/Alerts",
      "JengaFund-Prod-Api/Console",
      "JengaFund-Prod-Api/Identity",
      "JengaFund-Prod-Api/Jobs",
    ]);
    for (const [path, template] of prod.apiParts.nested) expect(count(template), path).toBeLessThan(250);
  });

  it("puts an area route's function, role, policy, log group and alarms in the area, its route with the API", () => {
    const [alerts] = [...prod.apiParts.nested.values()] as [Template];
    const areaRoutes = routes.filter((route: RouteDefinition) => route.area === "alerts");
    expect(areaRoutes.map((route) => route.handler)).toContain("get-statement");
    for (const route of areaRoutes) {
      const key = `${route.method} /api${route.path}`;
      const [functionId, fn] = functionNamed(alerts, key);
      const roleId = (fn.Properties.Role as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
      expect(Object.keys(alerts.findResources("AWS::IAM::Role"))).toContain(roleId);
      alerts.hasResourceProperties("AWS::IAM::Policy", { Roles: [{ Ref: roleId }] });
      expect(
        Object.keys(alerts.findResources("AWS::Logs::LogGroup")).some((id) => id.startsWith(functionId.slice(0, -8))),
      ).toBe(true);
      alerts.hasResourceProperties("AWS::CloudWatch::Alarm", { AlarmName: `JengaFund-Prod-Errors-${route.handler}` });
      // The route, its integration and API Gateway's permission to call the function: the API stack's.
      prod.apiParts.parent.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key });
      expect(functionNamedOrNone(prod.apiParts.parent, key)).toBeUndefined();
      alerts.resourceCountIs("AWS::ApiGatewayV2::Route", 0);
      alerts.resourcePropertiesCountIs("AWS::Lambda::Permission", { Principal: "apigateway.amazonaws.com" }, 0);
    }
  });
});

describe("the alerts area: money alerts and monthly statements", () => {
  const alertsOf = (app: ReturnType<typeof synth>) => [...app.apiParts.nested.values()][0] as Template;
  const SENDER = "Sends money alerts (SMS and e-mail) for new outbox items from the table's stream";
  const MONTHLY = "Mails each account with activity last month its statement (PDF)";
  const SWEEP = "Sends the money alerts (SMS and e-mail) still open in the outbox";

  it("streams the table's keys only, so no item's content travels to the sender", () => {
    Template.fromStack(prod.stacks.data).hasResourceProperties("AWS::DynamoDB::GlobalTable", {
      StreamSpecification: { StreamViewType: "KEYS_ONLY" },
    });
  });

  it("feeds the sender new outbox items only, ten at a time, bisecting, retrying five times for an hour at most", () => {
    const alerts = alertsOf(prod);
    const [senderId] = functionNamed(alerts, SENDER);
    const mappings = Object.values(alerts.findResources("AWS::Lambda::EventSourceMapping"));
    expect(mappings).toHaveLength(1);
    const [queueId] = Object.keys(alerts.findResources("AWS::SQS::Queue"));
    expect(mappings[0]?.Properties).toMatchObject({
      FunctionName: { Ref: senderId },
      EventSourceArn: { "Fn::GetStackOutput": expect.objectContaining({ StackName: "JengaFund-Prod-Data" }) },
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 3600,
      StartingPosition: "TRIM_HORIZON",
      DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [queueId, "Arn"] } } },
    });
    expect(String(mappings[0]?.Properties.EventSourceArn["Fn::GetStackOutput"].OutputName)).toMatch(/StreamArn/);
    const filters = mappings[0]?.Properties.FilterCriteria.Filters as { Pattern: string }[];
    expect(filters.map((filter) => JSON.parse(filter.Pattern))).toEqual([
      { eventName: ["INSERT"], dynamodb: { Keys: { PK: { S: [{ prefix: "OUTBOX#" }] }, SK: { S: ["OUTBOX"] } } } },
    ]);
    const queue = Object.values(alerts.findResources("AWS::SQS::Queue"))[0];
    expect(queue?.Properties).toMatchObject({ KmsMasterKeyId: expect.anything(), MessageRetentionPeriod: 1209600 });
    expect(queue?.Properties.SqsManagedSseEnabled).toBeUndefined();
  });

  it("runs the monthly statements hourly on the 1st and 2nd, 07:00-23:00 Nairobi, with 15 minutes and 1024 MB", () => {
    const alerts = alertsOf(prod);
    const [jobId, job] = functionNamed(alerts, MONTHLY);
    expect(job.Properties).toMatchObject({ Timeout: 900, MemorySize: 1024 });
    alerts.hasResourceProperties("AWS::Events::Rule", {
      Name: "JengaFund-Prod-MonthlyStatements",
      ScheduleExpression: "cron(0 4-20 1,2 * ? *)",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [jobId, "Arn"] }, RetryPolicy: { MaximumRetryAttempts: 0 } })],
    });
    const [, getStatement] = functionNamed(alerts, "GET /api/statements");
    expect(getStatement.Properties).toMatchObject({ Timeout: 29, MemorySize: 1024 });
  });

  it("gives the sender and the outbox sweep, and no other function, Africa's Talking's key and settings", () => {
    const smsKey = prod.stacks.data.getLogicalId(prod.stacks.data.smsApiKey.node.defaultChild as CfnElement);
    const readers = appFunctions(prod.api)
      .filter(([, fn]) => JSON.stringify(environmentOf(fn)).includes(smsKey))
      .map(([, fn]) => fn.Properties.Description)
      .sort();
    expect(readers).toEqual([SWEEP, SENDER].sort());
    const policiesNaming = Object.values(prod.api.findResources("AWS::IAM::Policy")).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(smsKey),
    );
    expect(policiesNaming).toHaveLength(2);
    for (const description of [SENDER, SWEEP]) {
      expect(environmentOf(functionNamed(prod.api, description)[1])).toMatchObject({
        SMS_BASE_URL: "https://api.africastalking.com",
        SMS_USERNAME: "jengafund",
        SMS_SENDER_ID: "JENGAFUND",
        MAILER: "ses",
        MAIL_FROM: "JengaFund <no-reply@example.co.ke>",
      });
    }
    // Dev talks to Africa's Talking's sandbox, without a sender ID.
    const devSender = environmentOf(functionNamed(dev.api, SENDER)[1]);
    expect(devSender).toMatchObject({
      SMS_BASE_URL: "https://api.sandbox.africastalking.com",
      SMS_USERNAME: "sandbox",
    });
    expect(devSender.SMS_SENDER_ID).toBeUndefined();
    expect(environmentOf(functionNamed(prod.api, MONTHLY)[1])).toMatchObject({ MAILER: "ses" });
  });

  it.each([
    ["NotificationsFailed", "Sum", 900, 5],
    ["NotificationsUncertain", "Sum", 300, 1],
    ["OutboxStuck", "Maximum", 300, 1],
    ["StatementsFailed", "Sum", 300, 1],
  ])("raises %s from the functions' %s metric over %is at %i", (name, statistic, period, threshold) => {
    expect(alarmIn(alertsOf(prod), `JengaFund-Prod-${name}`)).toMatchObject({
      Namespace: "JengaFund",
      MetricName: name,
      Dimensions: expect.arrayContaining([
        { Name: "service", Value: "jengafund" },
        { Name: "stage", Value: "prod" },
      ]),
      Statistic: statistic,
      Period: period,
      Threshold: threshold,
      EvaluationPeriods: 1,
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      TreatMissingData: "notBreaching",
    });
  });

  it("raises StatementsPending only when a whole day of the job's hourly runs left statements waiting", () => {
    expect(alarmIn(alertsOf(prod), "JengaFund-Prod-StatementsPending")).toMatchObject({
      MetricName: "StatementsPending",
      Statistic: "Maximum",
      Period: 3600,
      EvaluationPeriods: 24,
      DatapointsToAlarm: 17,
      Threshold: 1,
      TreatMissingData: "notBreaching",
    });
  });

  it("raises NotificationFailures at the first record in the sender's on-failure queue, to the stage's topic", () => {
    const alerts = alertsOf(prod);
    const [queueId] = Object.keys(alerts.findResources("AWS::SQS::Queue"));
    const alarm = alarmIn(alerts, "JengaFund-Prod-NotificationFailures");
    expect(alarm).toMatchObject({ Namespace: "AWS/SQS", Statistic: "Maximum", Threshold: 1 });
    expect(alarm.Dimensions).toEqual([{ Name: "QueueName", Value: { "Fn::GetAtt": [queueId, "QueueName"] } }]);
    // The area's alarms go to the API stack's topic, which it hands the nested stack as a parameter.
    const [topicId] = Object.keys(prod.apiParts.parent.findResources("AWS::SNS::Topic"));
    const [parameter] = Object.keys(alerts.toJSON().Parameters as object);
    expect(alarm.AlarmActions).toEqual([{ Ref: parameter }]);
    prod.apiParts.parent.hasResourceProperties("AWS::CloudFormation::Stack", {
      Parameters: { [parameter as string]: { Ref: topicId } },
    });
  });
});

describe("dashboard", () => {
  it("charts every business metric of the stage, the API and the functions' errors", () => {
    const dashboards = Object.values(prod.api.findResources("AWS::CloudWatch::Dashboard"));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]?.Properties.DashboardName).toBe("JengaFund-Prod");
    const body = JSON.stringify(prod.stacks.api.resolve(dashboards[0]?.Properties.DashboardBody));
    for (const metric of BUSINESS_METRIC_NAMES) expect(body, metric).toContain(`\\"${metric}\\"`);
    for (const title of ["Deposits", "Payouts and refunds", "Callbacks refused", "Function errors and throttles"]) {
      expect(body).toContain(title);
    }
    expect(body).toContain('\\"stage\\",\\"prod\\"');
  });

  it("charts deposits credited by channel: Paybill by its own series, STK push as the rest", () => {
    const [dashboard] = Object.values(prod.api.findResources("AWS::CloudWatch::Dashboard"));
    const body = JSON.stringify(prod.stacks.api.resolve(dashboard?.Properties.DashboardBody));
    expect(body).toContain("Deposits credited by channel");
    expect(body).toContain("FILL(credited, 0) - FILL(paybill, 0)");
    expect(body).toContain('\\"label\\":\\"STK push\\"');
    expect(body).toContain('\\"label\\":\\"Paybill\\"');
    expect(body).toContain(
      '\\"DepositsCredited\\",\\"reason\\",\\"paybill\\",\\"service\\",\\"jengafund\\",\\"stage\\",\\"prod\\"',
    );
  });
});

describe("metric names, held once in shared/src/metrics.ts", () => {
  /** One series a CloudWatch alarm or graph reads, or an EMF line writes. */
  type Series = { namespace: string; name: string; dimensions: Record<string, unknown>; statistic?: string };
  type Dimension = { Name: string; Value: unknown };
  type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions?: Dimension[] }; Stat: string };

  const byName = (dimensions: Dimension[] = []) => Object.fromEntries(dimensions.map((d) => [d.Name, d.Value]));
  const describeSeries = (s: Series) => `${s.namespace}/${s.name} ${JSON.stringify(s.dimensions)}`;

  /** Every metric an alarm of the API (and its areas) watches, on its own or within a math expression. */
  function alarmSeries(app: ReturnType<typeof synth>): Series[] {
    return Object.values(app.api.findResources("AWS::CloudWatch::Alarm")).flatMap(({ Properties: alarm }) => {
      if (alarm.MetricName) {
        return [
          {
            namespace: alarm.Namespace,
            name: alarm.MetricName,
            dimensions: byName(alarm.Dimensions),
            statistic: alarm.Statistic,
          },
        ];
      }
      return (alarm.Metrics as { MetricStat?: MetricStat }[])
        .flatMap(({ MetricStat: stat }) => (stat ? [stat] : []))
        .map((stat) => ({
          namespace: stat.Metric.Namespace,
          name: stat.Metric.MetricName,
          dimensions: byName(stat.Metric.Dimensions),
          statistic: stat.Stat,
        }));
    });
  }

  /**
   * Every metric the stage's dashboard graphs. The body is JSON joined with tokens (ARNs, function names), each inside
   * a string, so a placeholder in each token's place leaves JSON to parse.
   */
  function dashboardSeries(app: ReturnType<typeof synth>): Series[] {
    const [dashboard] = Object.values(app.api.findResources("AWS::CloudWatch::Dashboard"));
    const resolved = app.stacks.api.resolve(dashboard?.Properties.DashboardBody) as string | { "Fn::Join": unknown };
    const text =
      typeof resolved === "string"
        ? resolved
        : ((resolved["Fn::Join"] as [string, unknown[]])[1] ?? [])
            .map((part) => (typeof part === "string" ? part : "token"))
            .join("");
    const { widgets } = JSON.parse(text) as { widgets: { properties: { metrics?: unknown[][] } }[] };
    return widgets.flatMap(({ properties }) =>
      (properties.metrics ?? [])
        // A math expression's row holds only its options; the metrics it uses have rows of their own.
        .filter((row) => typeof row[0] === "string")
        .map((row) => {
          const [namespace, name, ...rest] = row.filter((item) => typeof item === "string") as string[];
          const options = row.find((item) => typeof item === "object") as { stat?: string } | undefined;
          const dimensions: Record<string, unknown> = {};
          for (let i = 0; i + 1 < rest.length; i += 2) dimensions[rest[i] as string] = rest[i + 1];
          return { namespace: namespace as string, name: name as string, dimensions, statistic: options?.stat };
        }),
    );
  }

  /** The series the functions' metrics port writes, each of its ways driven once, as a prod function would. */
  async function emittedSeries(): Promise<(Series & { unit: string })[]> {
    const stage = process.env.STAGE;
    process.env.STAGE = "prod";
    const lines = await outputOf(async () => {
      for (const name of BUSINESS_METRIC_NAMES) {
        const kind = BUSINESS_METRICS[name];
        if (kind === "count") metrics.count(name as Parameters<typeof metrics.count>[0]);
        if (kind === "gauge") metrics.record(name as Parameters<typeof metrics.record>[0], 2);
      }
      for (const direction of ["credit", "debit"] as const) {
        for (const approval of ["solo", "approved"] as const) metrics.adjusted({ direction, approval, kes: 1500 });
      }
      metrics.depositCredited("stk", 1000);
      metrics.depositCredited("paybill", 2000);
      metrics.rewardPaid(40);
      flushMetrics();
    }).finally(() => {
      if (stage === undefined) delete process.env.STAGE;
      else process.env.STAGE = stage;
    });
    type Emf = {
      _aws: {
        CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
      };
    };
    return metricLines(lines).flatMap((line) =>
      (line as unknown as Emf)._aws.CloudWatchMetrics.flatMap(({ Namespace, Dimensions, Metrics }) =>
        Dimensions.flatMap((set) =>
          Metrics.map(({ Name, Unit }) => ({
            namespace: Namespace,
            name: Name,
            dimensions: Object.fromEntries(set.map((dimension) => [dimension, line[dimension]])),
            unit: Unit,
          })),
        ),
      ),
    );
  }

  const ours = (series: Series[]) => series.filter((s) => !s.namespace.startsWith("AWS/"));
  const sameSeries = (a: Series, b: Series) =>
    a.namespace === b.namespace &&
    a.name === b.name &&
    Object.keys(a.dimensions).length === Object.keys(b.dimensions).length &&
    Object.entries(a.dimensions).every(([name, value]) => b.dimensions[name] === value);

  it("alarms on and charts only the shared names, in the shared namespace, for the stage", () => {
    const read = [...alarmSeries(prod), ...dashboardSeries(prod)];
    // Anything not AWS's own is a business metric: a misspelled namespace is caught too.
    const business = ours(read);
    expect(business.length).toBeGreaterThanOrEqual(BUSINESS_METRIC_NAMES.length);
    for (const series of business) {
      expect(series.namespace, describeSeries(series)).toBe(METRICS_NAMESPACE);
      expect(BUSINESS_METRIC_NAMES, describeSeries(series)).toContain(series.name);
      expect(series.dimensions, describeSeries(series)).toMatchObject({ service: SERVICE_NAME, stage: "prod" });
    }
    expect(new Set(business.map((s) => s.name))).toEqual(new Set(BUSINESS_METRIC_NAMES));
  });

  it("reads a gauge by its highest value and sums counts and KES, as the shared kinds say", () => {
    for (const series of ours([...alarmSeries(prod), ...dashboardSeries(prod)])) {
      const kind = BUSINESS_METRICS[series.name as BusinessMetric];
      expect(series.statistic, describeSeries(series)).toBe(kind === "gauge" ? "Maximum" : "Sum");
    }
  });

  it("emits every shared name through the functions' metrics port, in the unit its kind says, and no other", async () => {
    const emitted = await emittedSeries();
    expect(new Set(emitted.map((s) => s.name))).toEqual(new Set(BUSINESS_METRIC_NAMES));
    for (const series of emitted) {
      expect(series.namespace, describeSeries(series)).toBe(METRICS_NAMESPACE);
      expect(series.unit, describeSeries(series)).toBe(
        BUSINESS_METRICS[series.name as BusinessMetric] === "kes" ? "None" : "Count",
      );
    }
  });

  it("watches and charts only series the functions' metrics port writes, dimensions and all", async () => {
    const emitted = await emittedSeries();
    for (const series of ours([...alarmSeries(prod), ...dashboardSeries(prod)])) {
      expect(
        emitted.some((written) => sameSeries(series, written)),
        `${describeSeries(series)} is read, but the metrics port never writes it`,
      ).toBe(true);
    }
  });
});
