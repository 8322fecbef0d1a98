import { App, Tags } from "aws-cdk-lib";
import { ApiStack } from "./api-stack.js";
import { DataStack } from "./data-stack.js";
import { EDGE_REGION, readDeploySettings } from "./deploy-settings.js";
import { EdgeStack } from "./edge-stack.js";
import { featureFlags } from "./feature-flags.js";
import { repoPaths } from "./paths.js";
import { WebStack } from "./web-stack.js";

export interface JengaFundAppOptions {
  /** Undefined leaves the account unresolved, so synth works without AWS credentials. */
  readonly account?: string;
  /** The CLI's region; `-c region=` wins over it, af-south-1 is the default. */
  readonly region?: string;
  /** Extra context, e.g. `aws:cdk:bundling-stacks` to skip esbuild in template tests. */
  readonly context?: Readonly<Record<string, unknown>>;
  readonly siteDirectory?: string;
}

/** The whole application, shared by bin/app.ts and the template tests so they cannot wire it differently. */
export function createJengaFundApp(options: JengaFundAppOptions = {}) {
  const app = new App({ context: { ...featureFlags, ...options.context } });
  Tags.of(app).add("project", "jengafund");
  const settings = readDeploySettings(app.node, options.region);
  const env = { account: options.account, region: settings.region };

  const data = new DataStack(app, "JengaFund-Data", {
    env,
    description: "JengaFund stateful resources: table and secrets (retained on delete)",
    // Deleting this stack would orphan the table and let the next deploy start an empty one.
    terminationProtection: true,
  });
  const api = new ApiStack(app, "JengaFund-Api", {
    env,
    description: "JengaFund HTTP API: one Lambda function per route",
    table: data.table,
    jwtSecret: data.jwtSecret,
    originSecret: data.originSecret,
    daraja: data.daraja,
    mpesaCallbackIps: settings.mpesaCallbackIps,
    mpesaCallbackBaseUrl: settings.mpesaCallbackBaseUrl,
    apiDomain: settings.apiDomain,
    throttle: settings.apiThrottle,
    sensitiveThrottle: settings.apiSensitiveThrottle,
  });
  const edge = new EdgeStack(app, "JengaFund-Edge", {
    env: { account: options.account, region: EDGE_REGION },
    description: "JengaFund web ACL for CloudFront (us-east-1, as CloudFront requires)",
    // The web stack, in another region, reads the ACL's ARN. With this repo's weak cross-stack references
    // (feature-flags.ts) CDK renders that as Fn::GetStackOutput naming us-east-1, which CloudFormation resolves
    // across regions; this flag keeps it working (through CDK's SSM-backed export writer and reader) should the
    // references ever be made strong. Either way both stacks need a concrete region, hence the explicit one.
    crossRegionReferences: true,
    mpesaCallbackIps: settings.mpesaCallbackIps,
    authRateLimit: settings.wafAuthRateLimit,
    depositRateLimit: settings.wafDepositRateLimit,
  });
  const web = new WebStack(app, "JengaFund-Web", {
    env,
    description: "JengaFund web app on S3 and CloudFront, with /api forwarded to the HTTP API",
    crossRegionReferences: true,
    apiOriginDomain: api.originDomainName,
    originSecret: data.originSecret,
    originSecretVersionId: settings.originSecretVersionId,
    webAclArn: edge.webAcl.attrArn,
    siteDomain: settings.siteDomain,
    siteDirectory: options.siteDirectory ?? repoPaths.webDist,
  });

  return { app, settings, data, api, edge, web };
}
