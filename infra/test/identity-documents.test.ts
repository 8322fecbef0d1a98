/**
 * The identity documents in AWS (design.md §13.5): a private, versioned bucket under a rotating key of our own,
 * TLS only, written only under kyc/ and closed/, uploaded to from the site's origin alone, kept seven years after an
 * account closes; and only the functions the route list marks `documents` may touch it, each with its one use's
 * rights.
 */
import { KYC_RETENTION_YEARS, type RouteDefinition, routes } from "@jengafund/shared";
import type { CfnElement, Stack } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import type { IConstruct } from "constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { apiTemplates } from "./api-templates.js";
import { PROD_CONTEXT, skipBundling } from "./contexts.js";
import { directivesOf, siteCsp } from "./csp.js";

const siteDirectory = new URL("./fixtures/site", import.meta.url).pathname;

type Json = Record<string, unknown>;
type Resource = { Type: string; Properties: Json; DeletionPolicy?: string; UpdateReplacePolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource?: unknown; NotResource?: unknown };

interface Stage {
  readonly data: Template;
  readonly api: Template;
  readonly web: Template;
  readonly dataStack: Stack;
  /** The logical ids of the documents bucket and its key in the data stack. */
  readonly bucketId: string;
  readonly keyId: string;
  readonly logsId: string;
}

function synth(context: Record<string, unknown>): Stage {
  const stacks = createJengaFundApp({ context: { ...skipBundling, ...context }, siteDirectory });
  const id = (construct: IConstruct) => stacks.data.getLogicalId(construct.node.defaultChild as CfnElement);
  return {
    data: Template.fromStack(stacks.data),
    api: apiTemplates(stacks.api).all,
    web: Template.fromStack(stacks.web),
    dataStack: stacks.data,
    bucketId: id(stacks.data.documents.bucket),
    keyId: id(stacks.data.documents.key),
    logsId: id(stacks.data.documents.accessLogs),
  };
}

let prod: Stage;
let dev: Stage;
beforeAll(() => {
  prod = synth(PROD_CONTEXT);
  dev = synth({});
});

const resource = (template: Template, id: string) => (template.toJSON().Resources as Record<string, Resource>)[id];
const bucketOf = (stage: Stage) => resource(stage.data, stage.bucketId) as Resource;
const bucketPolicyOf = (stage: Stage) => {
  const policies = Object.values(
    stage.data.findResources("AWS::S3::BucketPolicy", { Properties: { Bucket: { Ref: stage.bucketId } } }),
  );
  const [policy] = policies;
  if (!policy || policies.length !== 1) throw new Error(`expected one policy on the documents bucket`);
  return (policy.Properties.PolicyDocument as { Statement: (Statement & Json)[] }).Statement;
};
const objectsUnder = (stage: Stage, prefix: string) => ({
  "Fn::Join": ["", [{ "Fn::GetAtt": [stage.bucketId, "Arn"] }, `/${prefix}`]],
});

const DOCUMENT_ROUTES = (routes as readonly RouteDefinition[]).filter((route) => route.documents !== undefined);

describe("the documents bucket", () => {
  it.each([
    ["prod", () => prod],
    ["dev", () => dev],
  ])("in %s is private, owner-enforced, versioned, under its own key with a bucket key, and retained", (_, stage) => {
    const { Properties, DeletionPolicy, UpdateReplacePolicy } = bucketOf(stage());
    expect(Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: "BucketOwnerEnforced" }] },
      VersioningConfiguration: { Status: "Enabled" },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          {
            BucketKeyEnabled: true,
            ServerSideEncryptionByDefault: {
              SSEAlgorithm: "aws:kms",
              KMSMasterKeyID: { "Fn::GetAtt": [stage().keyId, "Arn"] },
            },
          },
        ],
      },
    });
    expect([DeletionPolicy, UpdateReplacePolicy]).toEqual(["Retain", "Retain"]);
  });

  it("has a customer-managed key that rotates, retained with the documents it alone can decrypt", () => {
    expect(resource(prod.data, prod.keyId)).toMatchObject({
      Type: "AWS::KMS::Key",
      Properties: { EnableKeyRotation: true },
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
    });
    // Its own: the data stack's other key, for the table, queues and logs (ADR 17), is a different one.
    prod.data.resourceCountIs("AWS::KMS::Key", 2);
    expect(prod.keyId).not.toMatch(/^PersonalDataKey/);
  });

  it("logs every access to a private, TLS-only, retained bucket of its own, kept as long as the documents", () => {
    expect(bucketOf(prod).Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: prod.logsId },
      LogFilePrefix: "documents/",
    });
    const logs = resource(prod.data, prod.logsId) as Resource;
    expect(logs.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
      VersioningConfiguration: { Status: "Enabled" },
      LifecycleConfiguration: {
        Rules: [
          {
            Id: "ExpireVersions",
            ExpirationInDays: KYC_RETENTION_YEARS * 365 + 2,
            NoncurrentVersionExpiration: { NoncurrentDays: 30 },
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
            Status: "Enabled",
          },
          { Id: "ClearDeleteMarkers", ExpiredObjectDeleteMarker: true, Status: "Enabled" },
        ],
      },
    });
    expect(logs.DeletionPolicy).toBe("Retain");
    prod.data.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: prod.logsId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
          Match.objectLike({ Effect: "Allow", Principal: { Service: "logging.s3.amazonaws.com" } }),
        ]),
      },
    });
  });

  it("expires a closed account's documents seven years after closure, old versions after 30 days, stalled uploads after a day", () => {
    const rules = (bucketOf(prod).Properties.LifecycleConfiguration as { Rules: Json[] }).Rules;
    // 7 × 365 days and two leap days: never a day short of seven years.
    expect(KYC_RETENTION_YEARS * 365 + 2).toBe(2557);
    expect(rules).toEqual([
      { Id: "ExpireClosedAccounts", Prefix: "closed/", ExpirationInDays: 2557, Status: "Enabled" },
      {
        Id: "ForgetOldVersions",
        NoncurrentVersionExpiration: { NoncurrentDays: 30 },
        ExpiredObjectDeleteMarker: true,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: "Enabled",
      },
    ]);
  });

  it("refuses anything but TLS 1.2 or later, and any write outside kyc/ and closed/, whoever asks", () => {
    const statements = bucketPolicyOf(prod);
    const everything = [{ "Fn::GetAtt": [prod.bucketId, "Arn"] }, objectsUnder(prod, "*")];
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: "Deny",
          Principal: { AWS: "*" },
          Action: "s3:*",
          Condition: { Bool: { "aws:SecureTransport": "false" } },
          Resource: everything,
        }),
        expect.objectContaining({
          Effect: "Deny",
          Principal: { AWS: "*" },
          Action: "s3:*",
          Condition: { NumericLessThan: { "s3:TlsVersion": 1.2 } },
          Resource: everything,
        }),
        expect.objectContaining({
          Effect: "Deny",
          Principal: { AWS: "*" },
          Action: "s3:PutObject",
          NotResource: [objectsUnder(prod, "kyc/*"), objectsUnder(prod, "closed/*")],
        }),
      ]),
    );
    // The policy allows nothing: every right is a function role's own.
    expect(statements.filter((statement) => statement.Effect !== "Deny")).toEqual([]);
  });

  it("takes browser uploads (POST) from the site's origin alone in prod", () => {
    expect(bucketOf(prod).Properties.CorsConfiguration).toEqual({
      CorsRules: [
        { AllowedOrigins: [PROD_CONTEXT.webOrigin], AllowedMethods: ["POST"], AllowedHeaders: ["*"], MaxAge: 3000 },
      ],
    });
  });

  it("without a site origin (dev on CloudFront's address) takes them from CloudFront pages, and warns", () => {
    const rules = (bucketOf(dev).Properties.CorsConfiguration as { CorsRules: Json[] }).CorsRules;
    expect(rules.map((rule) => [rule.AllowedOrigins, rule.AllowedMethods])).toEqual([
      [["https://*.cloudfront.net"], ["POST"]],
    ]);
    Annotations.fromStack(dev.dataStack).hasWarning("*", Match.stringLikeRegexp("webOrigin"));
    expect(Annotations.fromStack(prod.dataStack).findWarning("*", Match.stringLikeRegexp("webOrigin"))).toEqual([]);
  });
});

describe("who may use the documents", () => {
  /** Every resource of a template that names the bucket or its key (through a cross-stack reference), by id. */
  function mentioning(template: Template, stage: Stage): Map<string, Resource> {
    const resources = template.toJSON().Resources as Record<string, Resource>;
    return new Map(
      Object.entries(resources).filter(([, candidate]) => {
        const text = JSON.stringify(candidate);
        return text.includes(stage.bucketId) || text.includes(stage.keyId);
      }),
    );
  }

  /** The function of each route, by handler, as the API stack describes it. */
  function routeFunctionIds(stage: Stage): Map<string, string> {
    const functions = stage.api.findResources("AWS::Lambda::Function");
    return new Map(
      routes.map((route) => {
        const found = Object.entries(functions).find(
          ([, fn]) => fn.Properties.Description === `${route.method} /api${route.path}`,
        );
        if (!found) throw new Error(`no function for ${route.handler}`);
        return [route.handler, found[0]];
      }),
    );
  }

  it("has routes of both uses to check: the start presigns uploads, the review reads", () => {
    const uses = new Map(DOCUMENT_ROUTES.map((route) => [route.handler, route.documents]));
    expect(uses.get("start-kyc")).toBe("upload");
    expect(uses.get("get-kyc-submission")).toBe("read");
  });

  it.each([
    ["prod", () => prod],
    ["dev", () => dev],
  ])(
    "in %s, only those routes' functions and roles name the bucket or key, each with its use's actions alone",
    (_, get) => {
      const stage = get();
      const ids = routeFunctionIds(stage);
      const mentions = mentioning(stage.api, stage);
      const functions = [...mentions].filter(([, candidate]) => candidate.Type === "AWS::Lambda::Function");
      const policies = [...mentions].filter(([, candidate]) => candidate.Type === "AWS::IAM::Policy");
      // Nothing else of the API stack (or its areas) refers to them: no role's inline policy, no other resource. (An
      // area's nested stack resource passes the references on to the functions in it, and grants nothing itself.)
      const passedOn = [...mentions].filter(([, candidate]) => candidate.Type === "AWS::CloudFormation::Stack");
      expect(mentions.size).toBe(functions.length + policies.length + passedOn.length);

      const handlerOf = new Map([...ids].map(([handler, id]) => [id, handler]));
      expect(functions.map(([id]) => handlerOf.get(id)).sort()).toEqual(DOCUMENT_ROUTES.map((r) => r.handler).sort());
      for (const route of DOCUMENT_ROUTES) {
        const fn = resource(stage.api, ids.get(route.handler) as string) as Resource;
        const variables = (fn.Properties.Environment as { Variables: Json }).Variables;
        expect(JSON.stringify(variables.DOCUMENTS_BUCKET), route.handler).toContain(`Ref${stage.bucketId}`);
      }

      const handlerOfRole = new Map(
        [...ids].map(([handler, id]) => {
          const role = (resource(stage.api, id) as Resource).Properties.Role as { "Fn::GetAtt": [string, string] };
          return [role["Fn::GetAtt"][0], handler];
        }),
      );
      const granted: Record<string, string[]> = {};
      for (const [, policy] of policies) {
        const roles = policy.Properties.Roles as { Ref: string }[];
        expect(roles).toHaveLength(1);
        const role = roles[0]?.Ref as string;
        const handler = handlerOfRole.get(role);
        if (!handler) throw new Error(`${role} is no route function's role`);
        const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter(
          (statement) => JSON.stringify(statement).match(new RegExp(`${stage.bucketId}|${stage.keyId}`)),
        );
        granted[handler] = statements.flatMap((statement) => {
          const text = JSON.stringify(statement.Resource);
          const on = text.includes(stage.keyId) ? "key" : text.endsWith('"/kyc/*"]]}') ? "kyc/*" : text;
          expect(statement.Effect).toBe("Allow");
          return [statement.Action].flat().map((action) => `${action} on ${on}`);
        });
      }
      const upload = ["s3:PutObject on kyc/*", "kms:Encrypt on key", "kms:GenerateDataKey on key"];
      const read = ["s3:GetObject on kyc/*", "kms:Decrypt on key"];
      expect(
        Object.fromEntries(Object.entries(granted).map(([handler, actions]) => [handler, actions.sort()])),
      ).toEqual(
        Object.fromEntries(
          DOCUMENT_ROUTES.map((route) => [route.handler, (route.documents === "upload" ? upload : read).sort()]),
        ),
      );
    },
  );

  it("lets the site's pages post to the bucket's regional host and show images from it, named exactly and beside no other host", () => {
    const directives = directivesOf(siteCsp(prod.web, prod.bucketId));
    expect(directives["connect-src"]).toEqual(["'self'", "https://<documents-host>"]);
    expect(directives["img-src"]).toEqual(["'self'", "data:", "blob:", "https://<documents-host>"]);
    // Uploads go by XHR, not by the browser submitting a form to S3.
    expect(directives["form-action"]).toEqual(["'self'"]);
  });
});
