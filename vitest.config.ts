import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The two files that run for minutes (the random money runs R6/R7, and the API's robustness sweep R9/R10). */
const LONG_RUNS = ["functions/test/money-simulation.test.ts", "functions/test/api-robustness.test.ts"];

/**
 * Vitest's order (slowest first by the last run's times, else largest first), except that the long runs start first
 * and the deploy checks next, whatever the cache holds (a clean clone has none): a long run started late would end the
 * lane alone, and the deploy files, started first, would hold both workers while their synth is still being made
 * (infra/deploy-test/global-setup.ts).
 */
class LongRunsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) =>
      LONG_RUNS.some((path) => spec.moduleId.endsWith(path)) ? 0 : spec.project.name === "deploy" ? 1 : 2;
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

/**
 * One `vitest run` covers every workspace. Integration tests talk to a real DynamoDB Local (started once by
 * functions/test/global-setup.ts); browser tests run Chromium against the whole local stack
 * (web/e2e/global-setup.ts).
 */
export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    // Two files at a time on two cores: most integration files wait on DynamoDB Local, the API or the simulators, so
    // a second worker fills the waits (Vitest's default here would be one). The browser tests stay one at a time.
    maxWorkers: 2,
    sequence: { sequencer: LongRunsFirst },
    projects: [
      {
        test: { name: "shared", root: "./shared", environment: "node", include: ["test/**/*.test.ts"] },
      },
      {
        test: {
          name: "functions",
          root: "./functions",
          environment: "node",
          include: ["test/**/*.test.ts"],
          globalSetup: ["./test/global-setup.ts"],
          setupFiles: ["./test/setup-table.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: "mpesa-sim", root: "./mpesa-sim", environment: "node", include: ["test/**/*.test.ts"] },
      },
      {
        test: { name: "s3-sim", root: "./s3-sim", environment: "node", include: ["test/**/*.test.ts"] },
      },
      {
        test: {
          name: "infra",
          root: "./infra",
          environment: "node",
          include: ["test/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // What `cdk deploy` would upload, checked without AWS: cfn-lint, the bundled functions run by AWS's runtime
          // interface client, IAM simulated, the CloudFront Function under njs. One real synth of dev and prod, in the
          // background at a raised priority while the other projects run (deploy-test/global-setup.ts): it is done in
          // the first minutes, so these files run among the others (after the long runs, LongRunsFirst above), each
          // waiting for it if it is not.
          name: "deploy",
          root: "./infra",
          environment: "node",
          include: ["deploy-test/**/*.test.ts"],
          globalSetup: ["./deploy-test/global-setup.ts"],
          setupFiles: ["./deploy-test/await-synth.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      "./web/vite.config.ts",
      {
        test: {
          name: "e2e",
          root: "./web",
          environment: "node",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["./e2e/global-setup.ts"],
          fileParallelism: false,
          // A browser on a busy machine (two cores, a stack and Chromium) can take seconds to settle a screen; a poll
          // that gives up after the default second reports a slow machine, not a broken screen.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
