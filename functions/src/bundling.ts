/**
 * How a Lambda bundle differs from the source run locally, in one place for the CDK (infra/lib/constructs/
 * app-function.ts), the bundle test (functions/test/handler-bundles.test.ts) and the bench (scripts/bench.ts), so all
 * three measure and test what is deployed.
 */

/**
 * Modules replaced at bundle time (esbuild `alias`), paths relative to the repository root: the SDK's default
 * credential chain becomes the environment's credentials (lib/lambda-credentials.ts).
 */
export const lambdaBundleAliases: Readonly<Record<string, string>> = {
  "@aws-sdk/credential-provider-node": "./functions/src/lib/lambda-credentials.ts",
};
