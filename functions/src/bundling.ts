/**
 * How a Lambda bundle differs from the source run locally, in one place for the CDK (infra/lib/constructs/
 * app-function.ts), the bundle test (functions/test/handler-bundles.test.ts) and the bench (scripts/bench.ts), so all
 * three measure and test what is deployed.
 */

/**
 * Modules replaced at bundle time (esbuild `alias`), paths relative to the repository root:
 * - the SDK's default credential chain becomes the environment's credentials (kernel/lambda-credentials.ts);
 * - pdfkit becomes its browser build: its Node build loads the standard fonts' metrics at run time through the
 *   package's `imports` map, which a bundle cannot follow; the browser build is handed them by
 *   modules/reporting/statements/statement-pdf.ts (`registerStdFonts`) and needs no file system;
 * - fontkit, which pdfkit needs only to embed font files, becomes a stub (modules/reporting/statements/no-fontkit.ts): statements use
 *   the standard fonts alone.
 */
export const lambdaBundleAliases: Readonly<Record<string, string>> = {
  "@aws-sdk/credential-provider-node": "./functions/src/kernel/lambda-credentials.ts",
  pdfkit: "./node_modules/pdfkit/js/pdfkit.browser.mjs",
  // An alias covers the subpaths of its name too; these two, the longer, win over it.
  "pdfkit/standard-fonts/Helvetica": "./node_modules/pdfkit/js/standard-fonts/Helvetica.mjs",
  "pdfkit/standard-fonts/HelveticaBold": "./node_modules/pdfkit/js/standard-fonts/HelveticaBold.mjs",
  fontkit: "./functions/src/modules/reporting/statements/no-fontkit.ts",
};
