import { App, Tags } from "aws-cdk-lib";
import { ApiStack } from "./api-stack.js";
import { DataStack } from "./data-stack.js";
import { EDGE_REGION, readDeploySettings } from "./deploy-settings.js";
import { EdgeStack } from "./edge-stack.js";
import { featureFlags } from "./feature-flags.js";
import { repoPaths } from "./paths.js";
import { WebStack } from "./web-stack.js";

export interface JengaFundAppOptions {
  /** The CLI's account; `-c account=` wins over it. Undefined leaves it unresolved, so synth needs no credentials. */
  readonly account?: string;
  /** Extra context, e.g. `aws:cdk:bundling-stacks` to skip esbuild in template tests. */
  readonly context?: Readonly<Record<string, unknown>>;
  readonly siteDirectory?: string;
  /** Where synthesis writes the cloud assembly; the CLI's own when undefined. */
  readonly outdir?: string;
}

/**
 * The whole application for one stage (`-c stage=dev|staging|prod`, default dev), shared by bin/app.ts and the
 * template tests so they cannot wire it differently. Every stack name starts with the stage's prefix, e.g.
 * `JengaFund-Prod-Data`, so the stages can share an account without touching each other.
 */
export function createJengaFundApp(options: JengaFundAppOptions = {}) {
  const app = new App({ outdir: options.outdir, context: { ...featureFlags, ...options.context } });
  const settings = readDeploySettings(app.node, { account: options.account });
  const { namePrefix } = settings;
  Tags.of(app).add("project", "jengafund");
  Tags.of(app).add("stage", settings.stage);
  const env = { account: settings.account, region: settings.region };
  const data = new DataStack(app, `${namePrefix}-Data`, {
    env,
    description: `JengaFund ${settings.stage} stateful resources: table, secrets, identity documents (retained on delete)`,
    siteOrigin: settings.webOrigin,
    // Only prod's recovery points are made undeletable; the other stages' vaults can be emptied and dropped.
    lockBackupVault: settings.stage === "prod",
    // Deleting this stack would orphan the table and let the next deploy start an empty one.
    terminationProtection: true,
  });
  const operations = {
    stage: settings.stage,
    logLevel: settings.logLevel,
    logRetention: settings.logRetention,
    retainLogs: settings.retainLogs,
    indexShards: settings.indexShards,
    personalDataKey: data.personalDataKey,
  };
  const api = new ApiStack(app, `${namePrefix}-Api`, {
    env,
    description: `JengaFund ${settings.stage} HTTP API (one Lambda function per route, some in nested area stacks), payments bus, alarms`,
    table: data.table,
    jwtSecret: data.jwtSecret,
    originSecret: data.originSecret,
    daraja: data.daraja,
    darajaSettings: settings.daraja,
    smsApiKey: data.smsApiKey,
    sms: settings.sms,
    documents: data.documents,
    mpesaCallbackIps: settings.mpesaCallbackIps,
    mpesaCallbackBaseUrl: settings.mpesaCallbackBaseUrl,
    apiDomain: settings.apiDomain,
    throttle: settings.apiThrottle,
    sensitiveThrottle: settings.apiSensitiveThrottle,
    operations,
    monitoring: settings,
    adjustments: settings.adjustments,
    concurrency: { callbackIngest: settings.callbackIngestConcurrency, settle: settings.settleConcurrency },
    accountSecurity: {
      webOrigin: settings.webOrigin,
      sesSender: settings.sesSender,
      requireAdminTwoFactor: settings.requireAdminTwoFactor,
    },
  });
  const edge = new EdgeStack(app, `${namePrefix}-Edge`, {
    env: { account: settings.account, region: EDGE_REGION },
    description: `JengaFund ${settings.stage} web ACL for CloudFront (us-east-1, as CloudFront requires)`,
    // The web stack, in another region, reads the ACL's ARN. With this repo's weak cross-stack references
    // (feature-flags.ts) CDK renders that as Fn::GetStackOutput naming us-east-1, which CloudFormation resolves
    // across regions; this flag keeps it working (through CDK's SSM-backed export writer and reader) should the
    // references ever be made strong. Either way both stacks need a concrete region, hence the explicit one.
    crossRegionReferences: true,
    mpesaCallbackIps: settings.mpesaCallbackIps,
    authRateLimit: settings.wafAuthRateLimit,
    depositRateLimit: settings.wafDepositRateLimit,
  });
  const web = new WebStack(app, `${namePrefix}-Web`, {
    env,
    description: `JengaFund ${settings.stage} web app on S3 and CloudFront, with /api forwarded to the HTTP API`,
    crossRegionReferences: true,
    apiOriginDomain: api.originDomainName,
    originSecret: data.originSecret,
    documentsEndpoint: data.documents.bucket.bucketRegionalDomainName,
    packageImageHosts: settings.packageImageHosts,
    originSecretVersionId: settings.originSecretVersionId,
    webAclArn: edge.webAcl.attrArn,
    siteDomain: settings.siteDomain,
    siteDirectory: options.siteDirectory ?? repoPaths.webDist,
    logRetentionDays: settings.logRetention,
    retainLogs: settings.retainLogs,
  });

  return { app, settings, data, api, edge, web };
}
