import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CfnElement } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { BACKUP_RETENTION } from "../lib/constructs/table-backups.js";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { repoPaths } from "../lib/paths.js";
import { SITE_NONCURRENT_DAYS, siteContentSecurityPolicy } from "../lib/web-stack.js";
import { apiTemplates } from "./api-templates.js";
import { PROD_CONTEXT, skipBundling } from "./contexts.js";
import { directivesOf, siteCsp } from "./csp.js";

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

/** An empty directory: these tests are about the stacks, not the site upload. */
const noSite = "/nonexistent/jengafund-web-dist";

function synth(context: Record<string, unknown>) {
  const stacks = createJengaFundApp({ context: { ...skipBundling, ...context }, siteDirectory: noSite });
  const { data } = stacks;
  return {
    data: Template.fromStack(data),
    api: apiTemplates(stacks.api).all,
    web: Template.fromStack(stacks.web),
    keyId: data.getLogicalId(data.personalDataKey.node.defaultChild as CfnElement),
    tableId: data.getLogicalId(data.table.node.defaultChild as CfnElement),
    bucketId: data.getLogicalId(data.documents.bucket.node.defaultChild as CfnElement),
  };
}

let dev: ReturnType<typeof synth>;
let prod: ReturnType<typeof synth>;
beforeAll(() => {
  dev = synth({});
  prod = synth(PROD_CONTEXT);
});

const only = (template: Template, type: string): Resource => {
  const found = Object.values(template.findResources(type)) as Resource[];
  expect(found, type).toHaveLength(1);
  return found[0] as Resource;
};
const personalDataKey = (app: ReturnType<typeof synth>) => app.data.toJSON().Resources[app.keyId] as Resource;
/** Whether a value refers to the data stack's personal data key, in its own stack or across stacks. */
const namesKey = (value: unknown, keyId: string) => JSON.stringify(value ?? null).includes(keyId);

describe("the personal data key", () => {
  it("is a symmetric key that KMS rotates, kept when the stack goes", () => {
    const key = personalDataKey(dev);
    expect(key.Type).toBe("AWS::KMS::Key");
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe("Retain");
  });

  it("encrypts the table, which keeps point-in-time recovery for 35 days", () => {
    const table = only(dev.data, "AWS::DynamoDB::GlobalTable");
    expect(table.Properties.SSESpecification).toMatchObject({ SSEEnabled: true, SSEType: "KMS" });
    const replicas = table.Properties.Replicas as { SSESpecification?: { KMSMasterKeyId: unknown } }[];
    expect(replicas.length).toBeGreaterThan(0);
    for (const replica of replicas) expect(namesKey(replica.SSESpecification?.KMSMasterKeyId, dev.keyId)).toBe(true);
    expect(JSON.stringify(replicas)).toContain('"PointInTimeRecoveryEnabled":true');
    expect(JSON.stringify(replicas)).toContain('"RecoveryPeriodInDays":35');
  });

  it("encrypts every log group of the API (functions and access logs) and every failure queue", () => {
    const logGroups = Object.entries(dev.api.findResources("AWS::Logs::LogGroup")) as [string, Resource][];
    expect(logGroups.length).toBeGreaterThan(10);
    const unencrypted = logGroups.filter(([, group]) => !namesKey(group.Properties.KmsKeyId, dev.keyId));
    expect(unencrypted.map(([id]) => id)).toEqual([]);

    const queues = Object.entries(dev.api.findResources("AWS::SQS::Queue")) as [string, Resource][];
    expect(queues.map(([id]) => id.replace(/[0-9A-F]{8}$/, "")).sort()).toEqual(
      expect.arrayContaining(["NotificationFailures", "SettleDeadLetters", "SettleFailures"]),
    );
    for (const [id, queue] of queues) {
      expect(namesKey(queue.Properties.KmsMasterKeyId, dev.keyId), id).toBe(true);
      expect(queue.Properties.SqsManagedSseEnabled, id).toBeUndefined();
    }
  });

  it("lets every function that reads or writes the table use the key, leading-key grants included", () => {
    const functions = Object.entries(dev.api.findResources("AWS::Lambda::Function")) as [string, Resource][];
    const withTable = functions.filter(([, fn]) =>
      JSON.stringify(fn.Properties.Environment ?? {}).includes("TABLE_NAME"),
    );
    expect(withTable.length).toBeGreaterThan(40);
    const policies = Object.values(dev.api.findResources("AWS::IAM::Policy"));
    for (const [id, fn] of withTable) {
      const roleId = (fn.Properties.Role as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
      const statements = policies
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
      const onKey = statements.filter((statement) => namesKey(statement.Resource, dev.keyId));
      expect(
        onKey.flatMap((statement) => [statement.Action].flat()),
        id,
      ).toContain("kms:Decrypt");
    }
  });

  it("encrypts the archive of M-Pesa callbacks", () => {
    const archive = only(dev.api, "AWS::Events::Archive");
    expect(namesKey(archive.Properties.KmsKeyIdentifier, dev.keyId)).toBe(true);
  });

  it("lets CloudWatch Logs and EventBridge use it only for this account's log groups, buses and queues", () => {
    const statements = (personalDataKey(dev).Properties.KeyPolicy as { Statement: Record<string, unknown>[] })
      .Statement;
    const bySid = Object.fromEntries(statements.map((statement) => [statement.Sid, statement]));
    expect(JSON.stringify(bySid.CloudWatchLogsOfThisAccount?.Condition)).toContain(
      "kms:EncryptionContext:aws:logs:arn",
    );
    expect(JSON.stringify(bySid.CloudWatchLogsOfThisAccount?.Condition)).toContain(":log-group:*");
    expect(JSON.stringify(bySid.EventBridgeArchivesOfThisAccount?.Condition)).toContain(":event-bus/*");
    expect(JSON.stringify(bySid.EventBridgeToQueuesOfThisAccount?.Condition)).toContain(
      "kms:EncryptionContext:aws:sqs:arn",
    );
    // Every statement for a service is held to this account by a condition; none hands the key to anyone else.
    for (const statement of statements) {
      const principal = statement.Principal as { Service?: unknown; AWS?: unknown };
      if (principal.Service) expect(statement.Condition, String(statement.Sid)).toBeDefined();
    }
  });
});

describe("the table's backups", () => {
  it("keeps a daily recovery point 35 days and a monthly one a year, in a retained vault under the table's key", () => {
    const vault = only(dev.data, "AWS::Backup::BackupVault");
    expect(vault.DeletionPolicy).toBe("Retain");
    expect(namesKey(vault.Properties.EncryptionKeyArn, dev.keyId)).toBe(true);
    const plan = only(dev.data, "AWS::Backup::BackupPlan").Properties.BackupPlan as {
      BackupPlanRule: { RuleName: string; ScheduleExpression: string; Lifecycle: { DeleteAfterDays: number } }[];
    };
    expect(
      plan.BackupPlanRule.map((rule) => [rule.RuleName, rule.ScheduleExpression, rule.Lifecycle.DeleteAfterDays]),
    ).toEqual([
      ["Daily", "cron(0 1 * * ? *)", BACKUP_RETENTION.dailyDays],
      ["Monthly", "cron(0 2 1 * ? *)", BACKUP_RETENTION.monthlyDays],
    ]);
    expect(BACKUP_RETENTION).toEqual({ dailyDays: 35, monthlyDays: 365 });
  });

  it("selects the table, with a role that may back it up and restore it", () => {
    const selection = only(dev.data, "AWS::Backup::BackupSelection").Properties.BackupSelection as {
      Resources: unknown[];
    };
    expect(selection.Resources).toEqual([{ "Fn::GetAtt": [dev.tableId, "Arn"] }]);
    const roleId = (selection as unknown as { IamRoleArn: { "Fn::GetAtt": [string, string] } }).IamRoleArn[
      "Fn::GetAtt"
    ][0];
    const role = dev.data.toJSON().Resources[roleId] as Resource;
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain("backup.amazonaws.com");
    const policies = JSON.stringify(role.Properties.ManagedPolicyArns);
    expect(policies).toContain("AWSBackupServiceRolePolicyForBackup");
    expect(policies).toContain("AWSBackupServiceRolePolicyForRestores");
    // And the table's key, which a restore writes the new table with, by IAM on that key alone.
    const statements = Object.values(dev.data.findResources("AWS::IAM::Policy"))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
    expect(statements).toEqual([
      expect.objectContaining({
        Action: expect.arrayContaining(["kms:Decrypt", "kms:GenerateDataKey*"]),
        Resource: { "Fn::GetAtt": [dev.keyId, "Arn"] },
      }),
    ]);
  });

  it("locks prod's vault (35 days to a year, final after three days) and leaves the other stages' unlocked", () => {
    expect(only(prod.data, "AWS::Backup::BackupVault").Properties.LockConfiguration).toEqual({
      MinRetentionDays: 35,
      MaxRetentionDays: 365,
      ChangeableForDays: 3,
    });
    expect(only(dev.data, "AWS::Backup::BackupVault").Properties.LockConfiguration).toBeUndefined();
    expect(
      only(synth({ stage: "staging" }).data, "AWS::Backup::BackupVault").Properties.LockConfiguration,
    ).toBeUndefined();
  });
});

describe("browser headers", () => {
  const customHeaders = (policy: Resource) =>
    Object.fromEntries(
      (
        policy.Properties.ResponseHeadersPolicyConfig as { CustomHeadersConfig: { Items: Record<string, unknown>[] } }
      ).CustomHeadersConfig.Items.map((item) => [item.Header, [item.Value, item.Override]]),
    );
  const policies = () => Object.entries(prod.web.findResources("AWS::CloudFront::ResponseHeadersPolicy"));

  it("names every image host and allows no https: wildcard anywhere in the CSP", () => {
    const csp = siteCsp(prod.web, prod.bucketId);
    expect(csp).not.toMatch(/(^|\s)https:(\s|;|$)/);
    expect(csp).not.toContain("*");
    expect(directivesOf(csp)["img-src"]).toEqual(["'self'", "data:", "blob:", "https://<documents-host>"]);
  });

  it("names each host a deploy lets package images come from in img-src, by host name only", () => {
    const csp = siteContentSecurityPolicy("docs.example.com", ["images.jengafund.co.ke"]);
    expect(directivesOf(csp)["img-src"]).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://images.jengafund.co.ke",
      "https://docs.example.com",
    ]);
    for (const value of ["*.example.com", "https://images.example.com", "images.example.com/packages"]) {
      expect(() =>
        createJengaFundApp({ context: { ...skipBundling, packageImageHosts: value }, siteDirectory: noSite }),
      ).toThrow(/packageImageHosts must be comma-separated host names/);
    }
  });

  it("reports violations to the API's report route, the old way and through the Reporting API", () => {
    const directives = directivesOf(siteCsp(prod.web, prod.bucketId));
    expect(directives["report-uri"]).toEqual(["/api/csp-reports"]);
    expect(directives["report-to"]).toEqual(["csp"]);
    for (const [id, policy] of policies()) {
      expect(customHeaders(policy as Resource)["Reporting-Endpoints"], id).toEqual(['csp="/api/csp-reports"', true]);
    }
  });

  it("sends Permissions-Policy, COOP and CORP with every answer, overriding the origin's", () => {
    expect(policies()).toHaveLength(2);
    for (const [id, policy] of policies()) {
      const headers = customHeaders(policy as Resource);
      expect(headers["Cross-Origin-Opener-Policy"], id).toEqual(["same-origin", true]);
      expect(headers["Cross-Origin-Resource-Policy"], id).toEqual(["same-origin", true]);
      const [permissions] = headers["Permissions-Policy"] as [string];
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(permissions, id).toContain(`${feature}=()`);
      }
    }
  });

  it("serves the reset page with no referrer, and every other page and /api with strict-origin-when-cross-origin", () => {
    const referrerOf = (id: string) =>
      (
        (prod.web.toJSON().Resources[id] as Resource).Properties.ResponseHeadersPolicyConfig as {
          SecurityHeadersConfig: { ReferrerPolicy: { ReferrerPolicy: string } };
        }
      ).SecurityHeadersConfig.ReferrerPolicy.ReferrerPolicy;
    const config = (only(prod.web, "AWS::CloudFront::Distribution").Properties.DistributionConfig ?? {}) as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: string } };
      CacheBehaviors: {
        PathPattern: string;
        ResponseHeadersPolicyId: { Ref: string };
        FunctionAssociations?: unknown;
      }[];
    };
    expect(referrerOf(config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref)).toBe("strict-origin-when-cross-origin");
    const byPath = Object.fromEntries(config.CacheBehaviors.map((behavior) => [behavior.PathPattern, behavior]));
    expect(referrerOf(byPath["/api/*"]?.ResponseHeadersPolicyId.Ref ?? "")).toBe("strict-origin-when-cross-origin");
    const reset = byPath["/reset-password*"];
    expect(referrerOf(reset?.ResponseHeadersPolicyId.Ref ?? "")).toBe("no-referrer");
    // The same page as anywhere else: the app shell, through the same rewrite.
    expect(reset?.FunctionAssociations).toEqual(
      (config.DefaultCacheBehavior as unknown as { FunctionAssociations: unknown }).FunctionAssociations,
    );
  });
});

describe("supply chain", () => {
  it("versions the site bucket, keeping replaced files 30 days and clearing what versioning leaves behind", () => {
    const site = Object.values(prod.web.findResources("AWS::S3::Bucket")).find(
      (bucket) => (bucket as Resource).Properties.LoggingConfiguration,
    ) as Resource;
    expect(site.Properties.VersioningConfiguration).toEqual({ Status: "Enabled" });
    expect(site.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: "ExpireVersions",
          NoncurrentVersionExpiration: { NoncurrentDays: SITE_NONCURRENT_DAYS },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: "Enabled",
        },
        { Id: "ClearDeleteMarkers", ExpiredObjectDeleteMarker: true, Status: "Enabled" },
      ],
    });
  });

  it("versions every bucket of every stack, each with lifecycle rules", () => {
    for (const template of [prod.data, prod.web]) {
      for (const [id, bucket] of Object.entries(template.findResources("AWS::S3::Bucket")) as [string, Resource][]) {
        expect(bucket.Properties.VersioningConfiguration, id).toEqual({ Status: "Enabled" });
        expect(bucket.Properties.LifecycleConfiguration, id).toBeDefined();
      }
    }
  });

  const workflowsDirectory = join(repoPaths.root, ".github/workflows");
  const workflows = readdirSync(workflowsDirectory).filter((file) => /\.ya?ml$/.test(file));

  it.each(workflows)("pins every action %s uses to a full commit SHA, with the release it is in beside it", (file) => {
    const uses = readFileSync(join(workflowsDirectory, file), "utf8")
      .split("\n")
      .filter((line) => /^\s*(-\s*)?uses:/.test(line));
    expect(uses.length).toBeGreaterThan(0);
    for (const line of uses) {
      expect(line).toMatch(/uses:\s*[\w.-]+\/[\w./-]+@[0-9a-f]{40}\s+#\s*v\d+(\.\d+)*\s*$/);
    }
  });
});
