import { IDEMPOTENCY_KEY_HEADER, routes } from "@jengafund/shared";
import { type CfnElement, Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "../../functions/src/kernel/caller.js";
import { SAFARICOM_CALLBACK_IPS } from "../lib/deploy-settings.js";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { apiTemplates } from "./api-templates.js";

// Skips esbuild so the suite runs in seconds; `npm run synth` is what proves the real bundles build.
const skipBundling = { "aws:cdk:bundling-stacks": [] };
/** An empty directory: these tests are about the edge, not the site upload. */
const noSite = "/nonexistent/jengafund-web-dist";

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

function synth(context: Record<string, unknown> = {}) {
  const stacks = createJengaFundApp({ context: { ...skipBundling, ...context }, siteDirectory: noSite });
  return {
    stacks,
    data: Template.fromStack(stacks.data),
    api: apiTemplates(stacks.api).all,
    edge: Template.fromStack(stacks.edge),
    web: Template.fromStack(stacks.web),
  };
}

let app: ReturnType<typeof synth>;
beforeAll(() => {
  app = synth();
});

const routeKey = (route: (typeof routes)[number]) => `${route.method} /api${route.path}`;

/** The Lambda function serving a route, found by the description the API stack gives it. */
function routeFunction(template: Template, key: string): [string, Resource] {
  const found = Object.entries(
    template.findResources("AWS::Lambda::Function", { Properties: { Runtime: "nodejs22.x", Description: key } }),
  );
  expect(found).toHaveLength(1);
  return found[0] as [string, Resource];
}

function functionByIdPrefix(template: Template, prefix: string): Resource {
  const found = Object.entries(template.findResources("AWS::Lambda::Function")).filter(([id]) => id.startsWith(prefix));
  expect(found).toHaveLength(1);
  return found[0]?.[1] as Resource;
}

/** The statements of the inline policy attached to a function's role (empty when it has none). */
function policyStatements(template: Template, fn: Resource): Statement[] {
  const roleId = (fn.Properties.Role as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
  const policies = Object.values(template.findResources("AWS::IAM::Policy")).filter((policy) =>
    JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`),
  );
  return policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());
const environmentOf = (fn: Resource): Record<string, unknown> =>
  (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};

/** How a Data-stack secret shows up in the API stack: the cross-stack reference carries its logical id. */
function secretMark(secret: ISecret): string {
  return app.stacks.data.getLogicalId(secret.node.defaultChild as CfnElement);
}

function secretsReadBy(fn: Resource): string[] {
  const { data } = app.stacks;
  const named = {
    jwt: data.jwtSecret,
    origin: data.originSecret,
    consumerKey: data.daraja.consumerKey,
    consumerSecret: data.daraja.consumerSecret,
    passkey: data.daraja.passkey,
    initiatorCredential: data.daraja.initiatorCredential,
    callbackToken: data.daraja.callbackToken,
  };
  const secretStatements = JSON.stringify(
    policyStatements(app.api, fn).filter((s) => actionsOf([s]).some((a) => a.startsWith("secretsmanager:"))),
  );
  return Object.entries(named)
    .filter(([, secret]) => secretStatements.includes(secretMark(secret)))
    .map(([name]) => name)
    .sort();
}

const distributionConfig = (template: Template) => {
  const [distribution] = Object.values(template.findResources("AWS::CloudFront::Distribution"));
  return distribution?.Properties.DistributionConfig as {
    Origins: {
      Id: string;
      DomainName: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    CacheBehaviors: {
      PathPattern: string;
      TargetOriginId: string;
      OriginRequestPolicyId: unknown;
      CachePolicyId: unknown;
    }[];
    WebACLId: unknown;
    Aliases?: string[];
    ViewerCertificate?: Record<string, unknown>;
  };
};

function apiOrigin(template: Template) {
  const config = distributionConfig(template);
  const behavior = config.CacheBehaviors.find((b) => b.PathPattern === "/api/*");
  const origin = config.Origins.find((o) => o.Id === behavior?.TargetOriginId);
  expect(origin).toBeDefined();
  return { behavior, origin };
}

describe("one way in: the origin secret", () => {
  it("generates an alphanumeric origin secret of at least 32 characters, retained and described as rotatable", () => {
    const secrets = Object.values(
      app.data.findResources("AWS::SecretsManager::Secret", {
        Properties: { Description: Match.stringLikeRegexp("CloudFront-to-API origin header.*rotatable") },
      }),
    );
    expect(secrets).toHaveLength(1);
    const [secret] = secrets;
    expect(secret).toMatchObject({ DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
    const generated = secret?.Properties.GenerateSecretString;
    expect(generated.ExcludePunctuation).toBe(true);
    expect(generated.PasswordLength).toBeGreaterThanOrEqual(32);
  });

  it("adds x-origin-verify on the /api/* origin as a Secrets Manager dynamic reference, never the value", () => {
    const { origin } = apiOrigin(app.web);
    const header = origin?.OriginCustomHeaders?.find((h) => h.HeaderName === "x-origin-verify");
    expect(header).toBeDefined();
    const value = JSON.stringify(header?.HeaderValue);
    expect(value).toContain("{{resolve:secretsmanager:");
    expect(value).toContain(secretMark(app.stacks.data.originSecret));
    expect(value).toContain(":SecretString:::}}");
    // The only headers CloudFront adds on its own are on the API origin; the S3 origin needs none.
    const withHeaders = distributionConfig(app.web).Origins.filter((o) => o.OriginCustomHeaders?.length);
    expect(withHeaders).toHaveLength(1);
  });

  it("pins the origin secret version named by originSecretVersionId, so a rotated value reaches CloudFront", () => {
    const { web } = synth({ originSecretVersionId: "5f1c0e7e-rotated" });
    const header = apiOrigin(web).origin?.OriginCustomHeaders?.[0];
    expect(JSON.stringify(header?.HeaderValue)).toContain(":SecretString:::5f1c0e7e-rotated}}");
  });

  it.each(routes.map((route) => [routeKey(route)] as const))(
    "makes %s check the origin secret: ORIGIN_SECRET_ARN and read access to it",
    (key) => {
      const [, fn] = routeFunction(app.api, key);
      expect(JSON.stringify(environmentOf(fn).ORIGIN_SECRET_ARN)).toContain(secretMark(app.stacks.data.originSecret));
      expect(secretsReadBy(fn)).toContain("origin");
    },
  );

  it("keeps today's execute-api endpoint, behind CloudFront, when no API domain is configured", () => {
    app.api.resourceCountIs("AWS::ApiGatewayV2::DomainName", 0);
    app.api.hasResourceProperties("AWS::ApiGatewayV2::Api", { DisableExecuteApiEndpoint: Match.absent() });
    const { origin } = apiOrigin(app.web);
    // The bare host, built from the API's id: never cut out of its URL (Fn::Split cannot take Fn::GetStackOutput).
    expect(origin?.DomainName).toEqual({
      "Fn::Join": [
        ".",
        [
          { "Fn::GetStackOutput": expect.objectContaining({ StackName: "JengaFund-Dev-Api" }) },
          "execute-api.af-south-1",
          { Ref: "AWS::URLSuffix" },
        ],
      ],
    });
    const config = distributionConfig(app.web);
    expect(config.Aliases).toBeUndefined();
  });

  it("with apiDomainName and apiCertificateArn, maps a TLS 1.2 custom domain, points CloudFront at it and disables execute-api", () => {
    const { api, web, stacks } = synth({
      apiDomainName: "api.jengafund.co.ke",
      apiCertificateArn: "arn:aws:acm:af-south-1:111122223333:certificate/api",
    });
    api.hasResourceProperties("AWS::ApiGatewayV2::DomainName", {
      DomainName: "api.jengafund.co.ke",
      DomainNameConfigurations: [
        Match.objectLike({
          CertificateArn: "arn:aws:acm:af-south-1:111122223333:certificate/api",
          EndpointType: "REGIONAL",
          SecurityPolicy: "TLS_1_2",
        }),
      ],
    });
    const [domainId] = Object.keys(api.findResources("AWS::ApiGatewayV2::DomainName"));
    api.hasResourceProperties("AWS::ApiGatewayV2::ApiMapping", { DomainName: { Ref: domainId }, Stage: "$default" });
    api.hasResourceProperties("AWS::ApiGatewayV2::Api", { DisableExecuteApiEndpoint: true });
    api.hasOutput("ApiDomainTarget", { Value: { "Fn::GetAtt": [domainId, "RegionalDomainName"] } });
    // CloudFront's origin is the custom domain (read from the API stack), not the execute-api host.
    const domainName = JSON.stringify(apiOrigin(web).origin?.DomainName);
    expect(domainName).not.toContain("Fn::Split");
    expect(domainName).toContain(
      stacks.api.getLogicalId(stacks.api.node.findChild("ApiDomain").node.defaultChild as CfnElement),
    );
  });

  it("with domainName and certificateArn, serves the site on that name with TLS 1.2 and takes its /api as the callback base", () => {
    const { web, api } = synth({
      domainName: "app.jengafund.co.ke",
      certificateArn: "arn:aws:acm:us-east-1:111122223333:certificate/site",
    });
    const config = distributionConfig(web);
    expect(config.Aliases).toEqual(["app.jengafund.co.ke"]);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: "arn:aws:acm:us-east-1:111122223333:certificate/site",
      MinimumProtocolVersion: "TLSv1.2_2021",
      SslSupportMethod: "sni-only",
    });
    web.hasOutput("SiteUrl", { Value: "https://app.jengafund.co.ke" });
    const [, deposit] = routeFunction(api, "POST /api/mpesa/deposit");
    expect(environmentOf(deposit).MPESA_CALLBACK_BASE_URL).toBe("https://app.jengafund.co.ke/api");
  });

  it.each([
    [{ domainName: "app.jengafund.co.ke" }, /domainName and certificateArn go together/],
    [
      { apiCertificateArn: "arn:aws:acm:af-south-1:1:certificate/x" },
      /apiDomainName and apiCertificateArn go together/,
    ],
    [
      { domainName: "app.jengafund.co.ke", certificateArn: "arn:aws:acm:af-south-1:1:certificate/x" },
      /certificate in us-east-1/,
    ],
    [
      { apiDomainName: "api.jengafund.co.ke", apiCertificateArn: "arn:aws:acm:us-east-1:1:certificate/x" },
      /certificate in af-south-1/,
    ],
    [
      {
        apiDomainName: "api.jengafund.co.ke",
        apiCertificateArn: "arn:aws:acm:af-south-1:1:certificate/x",
        mpesaCallbackBaseUrl: "https://api.jengafund.co.ke/api",
      },
      /mpesaCallbackBaseUrl must be the site's address/,
    ],
  ])("refuses an incomplete or misplaced domain setting %j", (context, message) => {
    expect(() => synth(context)).toThrow(message);
  });
});

describe("the caller's address", () => {
  it("forwards CloudFront-Viewer-Address and never Host to the API, with Authorization in the (non-caching) cache key", () => {
    const { behavior } = apiOrigin(app.web);
    const [policyId, policy] = Object.entries(app.web.findResources("AWS::CloudFront::OriginRequestPolicy"))[0] ?? [];
    expect(behavior?.OriginRequestPolicyId).toEqual({ Ref: policyId });
    const headers = policy?.Properties.OriginRequestPolicyConfig.HeadersConfig;
    expect(headers.HeaderBehavior).toBe("whitelist");
    const forwarded = headers.Headers.map((h: string) => h.toLowerCase());
    // The very header the functions read the caller's address from; header names are case-insensitive.
    expect(forwarded).toContain(VIEWER_ADDRESS_HEADER);
    expect(headers.Headers).toContain("CloudFront-Viewer-Address");
    expect(forwarded).toContain("content-type");
    // Money routes read it to make a retry safe.
    expect(forwarded).toContain(IDEMPOTENCY_KEY_HEADER);
    // The sign-in reads it to tell a new browser (design.md §12.2).
    expect(forwarded).toContain("x-device-id");
    expect(forwarded).not.toContain("host");
    expect(policy?.Properties.OriginRequestPolicyConfig.QueryStringsConfig).toEqual({ QueryStringBehavior: "all" });

    const [cacheId, cache] = Object.entries(app.web.findResources("AWS::CloudFront::CachePolicy"))[0] ?? [];
    expect(behavior?.CachePolicyId).toEqual({ Ref: cacheId });
    expect(cache?.Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: 0,
      MinTTL: 0,
      MaxTTL: 1,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: "whitelist", Headers: ["Authorization"] },
        QueryStringsConfig: { QueryStringBehavior: "all" },
        CookiesConfig: { CookieBehavior: "none" },
      },
    });
  });
});

describe("WAF at the edge", () => {
  it("lives in its own stack in us-east-1 while the app stays in af-south-1 by default", () => {
    const { data, api, web, edge } = app.stacks;
    expect([data.region, api.region, web.region]).toEqual(["af-south-1", "af-south-1", "af-south-1"]);
    expect(edge.region).toBe("us-east-1");
    expect(edge.stackName).toBe("JengaFund-Dev-Edge");
    // No credentials: the account stays a CloudFormation pseudo parameter, and synth works offline.
    expect(Stack.of(edge).resolve(edge.account)).toEqual({ Ref: "AWS::AccountId" });
  });

  it("takes the app's region from -c region, and keeps the web ACL in us-east-1", () => {
    const { stacks } = synth({ region: "eu-west-1" });
    expect([stacks.data.region, stacks.api.region, stacks.web.region]).toEqual(["eu-west-1", "eu-west-1", "eu-west-1"]);
    expect(stacks.edge.region).toBe("us-east-1");
  });

  it("has one CLOUDFRONT-scope web ACL that allows by default", () => {
    app.edge.resourceCountIs("AWS::WAFv2::WebACL", 1);
    app.edge.hasResourceProperties("AWS::WAFv2::WebACL", { Scope: "CLOUDFRONT", DefaultAction: { Allow: {} } });
  });

  it.each([
    "AWSManagedRulesCommonRuleSet",
    "AWSManagedRulesKnownBadInputsRuleSet",
    "AWSManagedRulesAmazonIpReputationList",
  ])("applies the AWS managed rule group %s with its own block actions", (name) => {
    app.edge.hasResourceProperties("AWS::WAFv2::WebACL", {
      Rules: Match.arrayWith([
        Match.objectLike({
          OverrideAction: { None: {} },
          Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: "AWS", Name: name }) },
        }),
      ]),
    });
  });

  it("keeps the common rule set's body rules away from Daraja's callbacks, and only those", () => {
    const rules = webAclRules(app.edge);
    const common = rules.find((r) => r.Name === "AWSManagedRulesCommonRuleSet");
    expect(common?.Statement.ManagedRuleGroupStatement.ScopeDownStatement).toMatchObject({
      NotStatement: {
        Statement: { ByteMatchStatement: { SearchString: "/api/hooks/", PositionalConstraint: "STARTS_WITH" } },
      },
    });
    for (const name of ["AWSManagedRulesKnownBadInputsRuleSet", "AWSManagedRulesAmazonIpReputationList"]) {
      const rule = rules.find((r) => r.Name === name);
      expect(rule?.Statement.ManagedRuleGroupStatement.ScopeDownStatement).toBeUndefined();
    }
  });

  it.each([
    ["AuthRateLimit", "POST", "/api/auth/", "STARTS_WITH", 300],
    ["ReferralCodeCheckRateLimit", "GET", "/api/auth/referral-codes/", "STARTS_WITH", 300],
    ["DepositRateLimit", "POST", "/api/mpesa/deposit", "EXACTLY", 60],
  ])("%s blocks an IP that sends more %ss to %s (%s) in five minutes than %i", (name, method, path, match, limit) => {
    app.edge.hasResourceProperties("AWS::WAFv2::WebACL", {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: name,
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              Limit: limit,
              EvaluationWindowSec: 300,
              AggregateKeyType: "IP",
              ScopeDownStatement: {
                AndStatement: {
                  Statements: [
                    {
                      ByteMatchStatement: Match.objectLike({
                        FieldToMatch: { UriPath: {} },
                        PositionalConstraint: match,
                        SearchString: path,
                      }),
                    },
                    {
                      ByteMatchStatement: Match.objectLike({
                        FieldToMatch: { Method: {} },
                        PositionalConstraint: "EXACTLY",
                        SearchString: method,
                      }),
                    },
                  ],
                },
              },
            },
          },
        }),
      ]),
    });
  });

  it("takes the WAF rate limits from context", () => {
    const { edge } = synth({ wafAuthRateLimit: "120", wafDepositRateLimit: 20 });
    const rules = webAclRules(edge);
    expect(rules.find((r) => r.Name === "AuthRateLimit")?.Statement.RateBasedStatement.Limit).toBe(120);
    expect(rules.find((r) => r.Name === "ReferralCodeCheckRateLimit")?.Statement.RateBasedStatement.Limit).toBe(120);
    expect(rules.find((r) => r.Name === "DepositRateLimit")?.Statement.RateBasedStatement.Limit).toBe(20);
  });

  it("blocks /api/hooks/ first unless the source is in the IP set of Safaricom's addresses, as /32 ranges", () => {
    const [ipSetId] = Object.keys(app.edge.findResources("AWS::WAFv2::IPSet"));
    app.edge.hasResourceProperties("AWS::WAFv2::IPSet", {
      Scope: "CLOUDFRONT",
      IPAddressVersion: "IPV4",
      Addresses: SAFARICOM_CALLBACK_IPS.map((ip) => `${ip}/32`),
    });
    const [first] = webAclRules(app.edge).sort((a, b) => a.Priority - b.Priority);
    expect(first).toMatchObject({
      Name: "HooksOnlyFromSafaricom",
      Action: { Block: {} },
      Statement: {
        AndStatement: {
          Statements: [
            {
              ByteMatchStatement: {
                FieldToMatch: { UriPath: {} },
                PositionalConstraint: "STARTS_WITH",
                SearchString: "/api/hooks/",
              },
            },
            { NotStatement: { Statement: { IPSetReferenceStatement: { Arn: { "Fn::GetAtt": [ipSetId, "Arn"] } } } } },
          ],
        },
      },
    });
  });

  it("gives every rule a unique priority and CloudWatch metrics", () => {
    const rules = webAclRules(app.edge);
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    for (const rule of rules) expect(rule.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true });
  });

  it("builds the WAF IP set and the callback function's allow-list from the one mpesaCallbackIps value", () => {
    const { edge, api } = synth({ mpesaCallbackIps: "196.201.214.200, 196.201.214.212" });
    edge.hasResourceProperties("AWS::WAFv2::IPSet", { Addresses: ["196.201.214.200/32", "196.201.214.212/32"] });
    const [, ingest] = routeFunction(api, "POST /api/hooks/daraja/{kind}/{token}");
    expect(environmentOf(ingest).MPESA_CALLBACK_ALLOWED_IPS).toBe("196.201.214.200,196.201.214.212");
  });

  it.each(["196.201.214.200/28", "196.201.214.999", "", "safaricom"])(
    "refuses %j in mpesaCallbackIps: the function compares exact IPv4 addresses",
    (value) => {
      expect(() => synth({ mpesaCallbackIps: value })).toThrow(/mpesaCallbackIps must be comma-separated IPv4/);
    },
  );

  it("attaches the web ACL to the distribution by reading it from the us-east-1 stack", () => {
    const webAclId = distributionConfig(app.web).WebACLId as { "Fn::GetStackOutput": Record<string, string> };
    expect(webAclId["Fn::GetStackOutput"]).toMatchObject({ StackName: "JengaFund-Dev-Edge", Region: "us-east-1" });
    const outputName = webAclId["Fn::GetStackOutput"].OutputName ?? "";
    const [aclId] = Object.keys(app.edge.findResources("AWS::WAFv2::WebACL"));
    app.edge.hasOutput(outputName, { Value: { "Fn::GetAtt": [aclId, "Arn"] } });
    expect(app.stacks.web.dependencies).toContain(app.stacks.edge);
  });
});

describe("HTTP API stage throttling", () => {
  const stageOf = (template: Template) =>
    Object.values(template.findResources("AWS::ApiGatewayV2::Stage"))[0] as Resource;

  it("throttles every route to 100 requests a second with bursts of 200 by default", () => {
    expect(stageOf(app.api).Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 100,
      ThrottlingBurstLimit: 200,
    });
  });

  it("throttles login, registration, password recovery, the referral code check and starting a deposit to 10 a second with bursts of 20, once those routes exist", () => {
    const stage = stageOf(app.api);
    const sensitive = [
      "POST /api/auth/login",
      "POST /api/auth/register",
      "POST /api/auth/forgot-password",
      "POST /api/auth/reset-password",
      "GET /api/auth/referral-codes/{code}",
      "POST /api/mpesa/deposit",
    ];
    expect(stage.Properties.RouteSettings).toEqual(
      Object.fromEntries(sensitive.map((key) => [key, { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 }])),
    );
    for (const key of sensitive) {
      const [routeId] = Object.keys(
        app.api.findResources("AWS::ApiGatewayV2::Route", { Properties: { RouteKey: key } }),
      );
      expect(stage.DependsOn).toContain(routeId);
    }
  });

  it("takes the stage limits from context", () => {
    const { api } = synth({
      apiRateLimit: "50",
      apiBurstLimit: "80",
      apiSensitiveRateLimit: 2,
      apiSensitiveBurstLimit: 4,
    });
    const stage = stageOf(api);
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 80 });
    expect(Object.values(stage.Properties.RouteSettings as object)).toEqual(
      Array(6).fill({ ThrottlingRateLimit: 2, ThrottlingBurstLimit: 4 }),
    );
  });

  it("refuses a limit that is not a positive whole number", () => {
    expect(() => synth({ apiRateLimit: "fast" })).toThrow(/apiRateLimit must be a whole number/);
    expect(() => synth({ wafAuthRateLimit: 5 })).toThrow(/wafAuthRateLimit must be a whole number of at least 10/);
  });
});

describe("least privilege", () => {
  const writeActions = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"];

  it.each(routes.filter((r) => r.data === "read").map((route) => [routeKey(route)] as const))(
    "lets the %s function only read the table",
    (key) => {
      const [, fn] = routeFunction(app.api, key);
      // What it is allowed: the Denies every function has (credentials, Scan) name writes too.
      const allowed = policyStatements(app.api, fn).filter((statement) => statement.Effect === "Allow");
      // The one write a signed-in route may make: an admin's idle window moved on, on a user item's sessions alone.
      const slides = allowed.filter((statement) =>
        JSON.stringify(statement.Condition ?? {}).includes("dynamodb:Attributes"),
      );
      for (const slide of slides) {
        expect(slide.Action).toBe("dynamodb:UpdateItem");
        expect(slide.Condition).toEqual({
          "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["USER#*"] },
          "ForAllValues:StringEquals": { "dynamodb:Attributes": ["PK", "SK", "sessions"] },
          Null: { "dynamodb:Attributes": "false" },
        });
      }
      // Only where callers sign in: a public route authenticates nobody.
      const signedIn = routes.find((route) => routeKey(route) === key)?.access !== "public";
      expect(slides).toHaveLength(signedIn ? 1 : 0);
      const dynamo = actionsOf(allowed.filter((statement) => !slides.includes(statement))).filter((a) =>
        a.startsWith("dynamodb:"),
      );
      expect(dynamo).toEqual(expect.arrayContaining(["dynamodb:GetItem", "dynamodb:Query"]));
      for (const action of writeActions) expect(dynamo).not.toContain(action);
      expect(environmentOf(fn).TABLE_NAME).toBeDefined();
    },
  );

  it("marks every GET route read-only in the route list but the referral code check, which counts checks per IP, the payout number block link, which an SMS or email opens, the statements and the chart, which count themselves per account, and the admin searches and export, which write their audit entry", () => {
    const writingGets = routes.filter((r) => r.method === "GET" && r.data !== "read").map(routeKey);
    expect(writingGets).toEqual([
      "GET /api/auth/payout-numbers/block",
      "GET /api/auth/referral-codes/{code}",
      "GET /api/statements",
      "GET /api/portfolio/history",
      "GET /api/admin/users",
      "GET /api/admin/transactions",
      "GET /api/admin/transactions/export",
    ]);
  });

  it.each(routes.filter((r) => r.data === "write").map((route) => [routeKey(route)] as const))(
    "lets the %s function read and write the table",
    (key) => {
      const [, fn] = routeFunction(app.api, key);
      expect(actionsOf(policyStatements(app.api, fn))).toEqual(expect.arrayContaining(writeActions));
    },
  );

  it("lets the callback ingest put events on the payments bus and read its two secrets, nothing else", () => {
    const [, ingest] = routeFunction(app.api, "POST /api/hooks/daraja/{kind}/{token}");
    const statements = policyStatements(app.api, ingest);
    const [busId] = Object.keys(app.api.findResources("AWS::Events::EventBus"));
    expect(statements).toHaveLength(2);
    expect(statements).toContainEqual({
      Effect: "Allow",
      Action: "events:PutEvents",
      Resource: { "Fn::GetAtt": [busId, "Arn"] },
    });
    const secretStatement = statements.find((s) => s.Action !== "events:PutEvents");
    expect([secretStatement?.Action].flat().sort()).toEqual([
      "secretsmanager:DescribeSecret",
      "secretsmanager:GetSecretValue",
    ]);
    expect(secretsReadBy(ingest)).toEqual(["callbackToken", "origin"]);
    expect(secretStatement?.Resource).toHaveLength(2);

    const environment = environmentOf(ingest);
    expect(Object.keys(environment).sort()).toEqual([
      "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED",
      "EVENT_BUS_NAME",
      "LOG_LEVEL",
      "MPESA_CALLBACK_ALLOWED_IPS",
      "MPESA_CALLBACK_TOKEN_ARN",
      "NODE_OPTIONS",
      "ORIGIN_SECRET_ARN",
      // The Parameters and Secrets extension's own settings (its secrets are read through it).
      "PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED",
      "PARAMETERS_SECRETS_EXTENSION_CACHE_SIZE",
      "PARAMETERS_SECRETS_EXTENSION_HTTP_PORT",
      "PARAMETERS_SECRETS_EXTENSION_LOG_LEVEL",
      "PARAMETERS_SECRETS_EXTENSION_MAX_CONNECTIONS",
      "POWERTOOLS_METRICS_NAMESPACE",
      "POWERTOOLS_SERVICE_NAME",
      "SECRETS_MANAGER_TIMEOUT_MILLIS",
      "SECRETS_MANAGER_TTL",
      "SSM_PARAMETER_STORE_TIMEOUT_MILLIS",
      "SSM_PARAMETER_STORE_TTL",
      "STAGE",
    ]);
    expect(environment.MPESA_CALLBACK_ALLOWED_IPS).toBe(SAFARICOM_CALLBACK_IPS.join(","));
  });

  const darajaCredentials = ["callbackToken", "consumerKey", "consumerSecret", "initiatorCredential", "passkey"];
  it.each([
    ["start-deposit", "POST /api/mpesa/deposit", ["callbackToken", "consumerKey", "consumerSecret", "passkey"]],
    [
      "process-withdrawal",
      "PUT /api/admin/withdrawals/{id}",
      ["callbackToken", "consumerKey", "consumerSecret", "initiatorCredential"],
    ],
  ])("gives %s (%s) only the Daraja secrets it uses: %j", (_, key, expected) => {
    const [, fn] = routeFunction(app.api, key);
    expect(secretsReadBy(fn)).toEqual([...expected, "jwt", "origin"].sort());
  });

  it("gives the settle function every Daraja credential and the callback token", () => {
    const fn = functionByIdPrefix(app.api, "SettleMpesaResult");
    expect(secretsReadBy(fn)).toEqual(darajaCredentials);
  });

  it.each([
    // The STK query signs with the passkey.
    ["ReconcileStkDeposits", ["consumerKey", "consumerSecret", "passkey"]],
    // Transaction Status sends the initiator credential and registers the result URL, which carries the token.
    ["ReconcilePayouts", ["callbackToken", "consumerKey", "consumerSecret", "initiatorCredential"]],
    // Pull Transactions takes the app's key pair alone.
    ["PullPaybillTransactions", ["consumerKey", "consumerSecret"]],
    ["CheckWaitingPaybillPayments", ["consumerKey", "consumerSecret"]],
    ["SweepOutbox", []],
    ["RetireMaturedInvestments", []],
  ])("gives the %s job only the Daraja secrets it uses: %j", (prefix, expected) => {
    const fn = functionByIdPrefix(app.api, prefix);
    expect(secretsReadBy(fn)).toEqual(expected);
  });

  it("keeps Daraja's secrets out of every other function's policy", () => {
    const payment = new Set(["POST /api/mpesa/deposit", "PUT /api/admin/withdrawals/{id}"]);
    for (const route of routes) {
      const key = routeKey(route);
      if (payment.has(key)) continue;
      const [, fn] = routeFunction(app.api, key);
      const darajaRead = secretsReadBy(fn).filter((name) => darajaCredentials.includes(name));
      // Daraja's doors: the callback ingest and the C2B validation check its token, and use no other credential.
      if (route.handler === "receive-daraja-callback" || route.handler === "validate-paybill-payment") {
        expect(darajaRead, key).toEqual(["callbackToken"]);
      } else expect(darajaRead, key).toEqual([]);
    }
  });

  it("gives every HTTP function except Daraja's doors and the CSP reports the JWT and origin secrets, and those only the origin's", () => {
    for (const route of routes) {
      if (route.handler === "record-csp-report") {
        const [, fn] = routeFunction(app.api, routeKey(route));
        expect(secretsReadBy(fn), route.handler).toEqual(["origin"]);
        expect(environmentOf(fn).JWT_SECRET_ARN, route.handler).toBeUndefined();
        expect(environmentOf(fn).TABLE_NAME, route.handler).toBeUndefined();
        continue;
      }
      if (route.handler === "receive-daraja-callback" || route.handler === "validate-paybill-payment") {
        const [, fn] = routeFunction(app.api, routeKey(route));
        expect(secretsReadBy(fn), route.handler).toEqual(["callbackToken", "origin"]);
        expect(environmentOf(fn).JWT_SECRET_ARN, route.handler).toBeUndefined();
        continue;
      }
      const [, fn] = routeFunction(app.api, routeKey(route));
      expect(secretsReadBy(fn)).toEqual(expect.arrayContaining(["jwt", "origin"]));
      expect(Object.keys(environmentOf(fn))).toEqual(expect.arrayContaining(["JWT_SECRET_ARN", "ORIGIN_SECRET_ARN"]));
    }
  });

  it("confirms STK successes with the STK query in the settle function", () => {
    expect(environmentOf(functionByIdPrefix(app.api, "SettleMpesaResult")).MPESA_CONFIRM_STK).toBe("true");
  });

  it("hands the callback allow-list to Daraja's doors only: the ingest and the C2B validation", () => {
    const withList = Object.values(app.api.findResources("AWS::Lambda::Function")).filter(
      (fn) => environmentOf(fn as Resource).MPESA_CALLBACK_ALLOWED_IPS !== undefined,
    );
    expect(withList.map((fn) => fn.Properties.Description).sort()).toEqual([
      "POST /api/hooks/daraja/c2b-validation/{token}",
      "POST /api/hooks/daraja/{kind}/{token}",
    ]);
  });
});

type WafRule = {
  Name: string;
  Priority: number;
  // biome-ignore lint/suspicious/noExplicitAny: WAF statements are deeply nested CloudFormation JSON.
  Statement: any;
  VisibilityConfig: unknown;
};

function webAclRules(template: Template): WafRule[] {
  const [acl] = Object.values(template.findResources("AWS::WAFv2::WebACL"));
  return acl?.Properties.Rules as WafRule[];
}
