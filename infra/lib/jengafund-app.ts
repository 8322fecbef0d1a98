import { App, type Environment, Tags } from "aws-cdk-lib";
import { ApiStack } from "./api-stack.js";
import { DataStack } from "./data-stack.js";
import { featureFlags } from "./feature-flags.js";
import { repoPaths } from "./paths.js";
import { WebStack } from "./web-stack.js";

export interface JengaFundAppOptions {
  /** Undefined makes environment-agnostic stacks, which synthesize without AWS credentials. */
  readonly env?: Environment;
  /** Extra context, e.g. `aws:cdk:bundling-stacks` to skip esbuild in template tests. */
  readonly context?: Readonly<Record<string, unknown>>;
  readonly siteDirectory?: string;
}

/** The whole application, shared by bin/app.ts and the template tests so they cannot wire it differently. */
export function createJengaFundApp(options: JengaFundAppOptions = {}) {
  const app = new App({ context: { ...featureFlags, ...options.context } });
  Tags.of(app).add("project", "jengafund");

  const data = new DataStack(app, "JengaFund-Data", {
    env: options.env,
    description: "JengaFund stateful resources: table and secrets (retained on delete)",
    // Deleting this stack would orphan the table and let the next deploy start an empty one.
    terminationProtection: true,
  });
  const api = new ApiStack(app, "JengaFund-Api", {
    env: options.env,
    description: "JengaFund HTTP API: one Lambda function per route",
    table: data.table,
    jwtSecret: data.jwtSecret,
    daraja: data.daraja,
  });
  const web = new WebStack(app, "JengaFund-Web", {
    env: options.env,
    description: "JengaFund web app on S3 and CloudFront, with /api forwarded to the HTTP API",
    httpApi: api.httpApi,
    siteDirectory: options.siteDirectory ?? repoPaths.webDist,
  });

  return { app, data, api, web };
}
