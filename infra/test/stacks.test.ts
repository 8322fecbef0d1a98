import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEPT_SCREEN_PAINT, PRE_APP_FORM_GUARD, routes } from "@jengafund/shared";
import type { CfnElement } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { apiTemplates } from "./api-templates.js";
import { siteCsp } from "./csp.js";

// Skips esbuild so the suite runs in seconds; `npm run synth` is what proves the real bundles build.
const skipBundling = { "aws:cdk:bundling-stacks": [] };

/** Picks out AppFunctions: the helpers CDK adds (bucket deployment, bucket auto-delete) run other runtimes. */
const appFunctionProperties = { Runtime: "nodejs22.x", Architectures: ["arm64"] };

let siteDirectory: string;
let data: Template;
let api: Template;
let web: Template;
/** The documents bucket's logical id in the data stack, which the web stack's CSP names. */
let documentsBucketId: string;

beforeAll(() => {
  // A stand-in for the Vite build, so the tests need no `npm run build`.
  siteDirectory = mkdtempSync(join(tmpdir(), "jengafund-web-dist-"));
  mkdirSync(join(siteDirectory, "assets"));
  writeFileSync(
    join(siteDirectory, "index.html"),
    '<!doctype html><script type="module" src="/assets/index-abc123.js">',
  );
  writeFileSync(join(siteDirectory, "assets", "index-abc123.js"), "console.log('hi');");
  writeFileSync(join(siteDirectory, "sw.js"), "self.addEventListener('install', () => {});");
  writeFileSync(join(siteDirectory, "manifest.webmanifest"), '{"name":"JengaFund"}');

  const stacks = createJengaFundApp({ context: skipBundling, siteDirectory });
  data = Template.fromStack(stacks.data);
  api = apiTemplates(stacks.api).all;
  web = Template.fromStack(stacks.web);
  documentsBucketId = stacks.data.getLogicalId(stacks.data.documents.bucket.node.defaultChild as CfnElement);
});

afterAll(() => {
  rmSync(siteDirectory, { recursive: true, force: true });
});

describe("data stack", () => {
  it("has one on-demand table keyed by PK/SK with three string-keyed GSIs projecting everything", () => {
    data.resourceCountIs("AWS::DynamoDB::GlobalTable", 1);
    const gsi = (n: number) => ({
      IndexName: `GSI${n}`,
      KeySchema: [
        { AttributeName: `GSI${n}PK`, KeyType: "HASH" },
        { AttributeName: `GSI${n}SK`, KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    });
    data.hasResourceProperties("AWS::DynamoDB::GlobalTable", {
      KeySchema: [
        { AttributeName: "PK", KeyType: "HASH" },
        { AttributeName: "SK", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [gsi(1), gsi(2), gsi(3)],
      AttributeDefinitions: Match.arrayWith(
        ["PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "GSI3PK", "GSI3SK"].map((name) => ({
          AttributeName: name,
          AttributeType: "S",
        })),
      ),
      BillingMode: "PAY_PER_REQUEST",
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
  });

  it("keeps the table through stack deletion, with point-in-time recovery and deletion protection", () => {
    data.hasResource("AWS::DynamoDB::GlobalTable", {
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: true,
          }),
        ],
      }),
    });
  });

  it("generates a JWT key of at least 256 bits and keeps every secret through stack deletion", () => {
    const secrets = Object.values(data.findResources("AWS::SecretsManager::Secret"));
    // JWT key, CloudFront's origin secret, four Daraja credentials, the callback token, Africa's Talking's API key.
    expect(secrets).toHaveLength(8);
    for (const secret of secrets) expect(secret).toMatchObject({ DeletionPolicy: "Retain" });

    const [jwt] = Object.values(
      data.findResources("AWS::SecretsManager::Secret", {
        Properties: { Description: Match.stringLikeRegexp("HS256") },
      }),
    );
    expect(jwt?.Properties.GenerateSecretString.ExcludePunctuation).toBe(true);
    expect(jwt?.Properties.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
  });
});

describe("api stack", () => {
  it("creates one Node 22 arm64 function per route-list entry, plus settle, the six scheduled jobs, the alert sender and the monthly job", () => {
    const functions = Object.values(api.findResources("AWS::Lambda::Function", { Properties: appFunctionProperties }));
    const routeKeys = new Set(routes.map((r) => `${r.method} /api${r.path}`));
    const described = functions.map((f) => String(f.Properties.Description));
    expect(described.filter((d) => routeKeys.has(d))).toHaveLength(routes.length);
    expect(functions).toHaveLength(routes.length + 9);
  });

  it.each(routes.map((route) => [`${route.method} /api${route.path}`, route.handler] as const))(
    "routes %s through a payload v2 integration to its own %s function",
    (routeKey, handler) => {
      const functionIds = Object.keys(
        api.findResources("AWS::Lambda::Function", { Properties: { ...appFunctionProperties, Description: routeKey } }),
      );
      expect(functionIds).toHaveLength(1);
      const [functionId] = functionIds;
      // The construct id, and so the logical id, is derived from the handler file name.
      expect(functionId?.toLowerCase()).toContain(handler.replaceAll("-", ""));

      const [integrationId] = Object.keys(
        api.findResources("AWS::ApiGatewayV2::Integration", {
          Properties: { IntegrationUri: { "Fn::GetAtt": [functionId, "Arn"] }, PayloadFormatVersion: "2.0" },
        }),
      );
      api.hasResourceProperties("AWS::ApiGatewayV2::Route", {
        RouteKey: routeKey,
        Target: { "Fn::Join": ["", ["integrations/", { Ref: integrationId }]] },
      });
    },
  );

  it("has no routes beyond the route list", () => {
    api.resourceCountIs("AWS::ApiGatewayV2::Route", routes.length);
  });

  it("gives every route function the house defaults and its table and secret bindings", () => {
    const routeKeys = new Set(routes.map((r) => `${r.method} /api${r.path}`));
    const functions = Object.values(api.findResources("AWS::Lambda::Function", { Properties: appFunctionProperties }));
    const routeFunctions = functions.filter((f) => routeKeys.has(String(f.Properties.Description)));
    expect(routeFunctions).toHaveLength(routes.length);
    // The routes that call Daraja get API Gateway's whole budget.
    const darajaRoutes = new Set(["POST /api/mpesa/deposit", "PUT /api/admin/withdrawals/{id}"]);
    const callbackIngest = "POST /api/hooks/daraja/{kind}/{token}";
    const paybillValidation = "POST /api/hooks/daraja/c2b-validation/{token}";
    const cspReports = "POST /api/csp-reports";
    // The statement renders a PDF of up to a year of lines: more memory (and CPU) and the whole budget.
    const statement = "GET /api/statements";
    for (const fn of routeFunctions) {
      const route = String(fn.Properties.Description);
      expect(fn.Properties).toMatchObject({
        Handler: "index.handler",
        MemorySize: route === statement ? 1024 : 512,
        Timeout: darajaRoutes.has(route) || route === statement ? 29 : 10,
        Environment: {
          Variables: {
            NODE_OPTIONS: "--enable-source-maps",
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
            STAGE: "dev",
            POWERTOOLS_SERVICE_NAME: "jengafund",
            POWERTOOLS_METRICS_NAMESPACE: "JengaFund",
            LOG_LEVEL: "INFO",
            ORIGIN_SECRET_ARN: expect.anything(),
            // The callback ingest and the CSP reports touch no table and sign no session, the C2B validation reads the
            // table without one (edge-safety.test.ts).
            ...(route === callbackIngest || route === cspReports
              ? {}
              : route === paybillValidation
                ? { TABLE_NAME: expect.anything() }
                : { TABLE_NAME: expect.anything(), JWT_SECRET_ARN: expect.anything() }),
          },
        },
      });
    }
    // Dev keeps two weeks of logs: every function's group (the routes', settle, the six scheduled jobs, the alert
    // sender and the monthly job), plus the API's access logs (operability.test.ts: prod).
    api.resourcePropertiesCountIs("AWS::Logs::LogGroup", { RetentionInDays: 14 }, routes.length + 10);
  });

  it("lets the functions read and write the table and read the JWT secret", () => {
    api.hasResourceProperties("AWS::IAM::Policy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(["dynamodb:ConditionCheckItem", "dynamodb:Query", "dynamodb:UpdateItem"]),
            Effect: "Allow",
          }),
          Match.objectLike({
            Action: Match.arrayWith(["secretsmanager:GetSecretValue"]),
            Effect: "Allow",
          }),
        ]),
      },
    });
  });
});

describe("web stack", () => {
  it("keeps the site bucket private and HTTPS-only", () => {
    web.hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    web.hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  });

  it("sends HSTS for two years, a script-src 'self' CSP, nosniff, DENY framing and a strict referrer policy", () => {
    // The inline scripts allowed, by their hashes: the pre-rendered pages' form guard (shared/src/pre-app-form-guard.ts)
    // and the shell's painter of the kept screen (shared/src/kept-screen.ts).
    const hashes = [PRE_APP_FORM_GUARD, KEPT_SCREEN_PAINT]
      .map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`)
      .join(" ");
    web.hasResourceProperties("AWS::CloudFront::ResponseHeadersPolicy", {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: "DENY", Override: true },
          ReferrerPolicy: { ReferrerPolicy: "strict-origin-when-cross-origin", Override: true },
        },
      },
    });
    expect(siteCsp(web, documentsBucketId)).toMatch(
      new RegExp(`script-src 'self' ${hashes.replace(/[+/]/g, "\\$&")};.*frame-ancestors 'none'`),
    );
  });

  it("serves the site from S3 through origin access control, with the SPA rewrite and without error-page rewriting", () => {
    web.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: {
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: "redirect-to-https",
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [Match.objectLike({ EventType: "viewer-request" })],
        }),
        // Error responses apply to every behavior: an API 404 would come back as index.html with a 200.
        CustomErrorResponses: Match.absent(),
      },
    });
  });

  it("forwards /api/* to the HTTP API with every method, through its own cache and origin request policies", () => {
    // What those policies forward (never Host; CloudFront-Viewer-Address) is in edge-safety.test.ts.
    const [cachePolicyId] = Object.keys(web.findResources("AWS::CloudFront::CachePolicy"));
    const [originRequestPolicyId] = Object.keys(web.findResources("AWS::CloudFront::OriginRequestPolicy"));
    web.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: {
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: "/api/*",
            AllowedMethods: ["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"],
            CachePolicyId: { Ref: cachePolicyId },
            OriginRequestPolicyId: { Ref: originRequestPolicyId },
            ResponseHeadersPolicyId: Match.anyValue(),
            ViewerProtocolPolicy: "https-only",
          }),
        ]),
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { "Fn::Join": [".", [Match.anyValue(), "execute-api.af-south-1", { Ref: "AWS::URLSuffix" }]] },
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: "https-only" }),
          }),
        ]),
      },
    });
  });

  it("uploads hashed assets as immutable before the revalidated entry files, then invalidates the cache", () => {
    const assets = web.findResources("Custom::CDKBucketDeployment", {
      Properties: {
        Include: ["assets/*"],
        Prune: false,
        SystemMetadata: { "cache-control": "public, max-age=31536000, immutable" },
      },
    });
    const [assetsId] = Object.keys(assets);
    expect(assetsId).toBeDefined();

    web.hasResource("Custom::CDKBucketDeployment", {
      Properties: Match.objectLike({
        Exclude: ["assets/*", "sw.js", "manifest.webmanifest"],
        SystemMetadata: { "cache-control": "no-cache" },
        DistributionPaths: ["/*"],
      }),
      DependsOn: Match.arrayWith([assetsId]),
    });
  });

  it("serves the service worker and the manifest revalidated, typed, after the files they list", () => {
    const [entryFilesId] = Object.keys(
      web.findResources("Custom::CDKBucketDeployment", {
        Properties: { Exclude: ["assets/*", "sw.js", "manifest.webmanifest"] },
      }),
    );
    expect(entryFilesId).toBeDefined();
    for (const [file, contentType] of [
      ["sw.js", "text/javascript; charset=utf-8"],
      ["manifest.webmanifest", "application/manifest+json"],
    ]) {
      web.hasResource("Custom::CDKBucketDeployment", {
        Properties: Match.objectLike({
          Exclude: ["*"],
          Include: [file],
          Prune: false,
          SystemMetadata: { "cache-control": "no-cache, max-age=0, must-revalidate", "content-type": contentType },
          DistributionPaths: [`/${file}`],
        }),
        DependsOn: Match.arrayWith([entryFilesId]),
      });
    }
  });

  it("lets the service worker and the manifest come from the site's own origin only", () => {
    expect(siteCsp(web, documentsBucketId)).toContain("worker-src 'self'; manifest-src 'self';");
  });

  it("still synthesizes without a web build, leaving the bucket empty and warning", () => {
    const { web: stack } = createJengaFundApp({
      context: skipBundling,
      siteDirectory: join(siteDirectory, "missing"),
    });
    Template.fromStack(stack).resourceCountIs("Custom::CDKBucketDeployment", 0);
    Annotations.fromStack(stack).hasWarning("*", Match.stringLikeRegexp("No web build"));
  });
});

describe("payments wiring", () => {
  it("routes Daraja callbacks through an EventBridge bus to the settle function, with retries and dead-letter queues", () => {
    api.resourceCountIs("AWS::Events::EventBus", 1);
    api.hasResourceProperties("AWS::Events::Rule", {
      EventPattern: { source: ["jengafund.daraja"] },
      Targets: Match.arrayWith([
        Match.objectLike({
          RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 21600 },
          DeadLetterConfig: Match.objectLike({ Arn: Match.anyValue() }),
        }),
      ]),
    });
    // EventBridge's DLQ and the settle function's on-failure destination (operability.test.ts), and the alert
    // sender's (the alerts area).
    api.resourceCountIs("AWS::SQS::Queue", 3);
  });

  it("runs payment reconciliation on schedules", () => {
    const schedules = Object.values(api.findResources("AWS::Events::Rule"))
      .map((rule) => rule.Properties.ScheduleExpression)
      .filter(Boolean);
    // Deposits, payouts, waiting Paybill payments, the outbox sweep and the statistic; the Paybill pull; the statements.
    expect(schedules.filter((expression) => expression === "rate(5 minutes)")).toHaveLength(5);
    expect(schedules.filter((expression) => expression === "cron(0/15 * * * ? *)")).toHaveLength(1);
    expect(schedules).toHaveLength(7);
  });

  it("gives Daraja's app credentials only to the functions that call Daraja", () => {
    const functions = api.findResources("AWS::Lambda::Function", { Properties: appFunctionProperties });
    const withDaraja = Object.values(functions).filter(
      (f) =>
        (f as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }).Properties.Environment
          ?.Variables?.MPESA_CONSUMER_KEY_ARN,
    );
    // start-deposit, process-withdrawal, settle, and the four reconciliation jobs (each one's exact set: edge-safety).
    expect(withDaraja).toHaveLength(7);
  });

  it("keeps the callback path token to lowercase hex, which Daraja's URL word filter cannot trip on", () => {
    data.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: Match.objectLike({ ExcludeUppercase: true, ExcludeCharacters: "ghijklmnopqrstuvwxyz" }),
    });
  });
});
