import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { apiTemplates } from "./api-templates.js";
import { skipBundling } from "./contexts.js";

type LambdaFunction = { Properties: { Layers?: unknown[]; Environment?: { Variables?: Record<string, unknown> } } };

/** The Parameters and Secrets Lambda Extension, arm64, in any region and version. */
const EXTENSION_LAYER =
  /^arn:aws:lambda:[a-z0-9-]+:\d{12}:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/;

let functions: [string, LambdaFunction][];

beforeAll(() => {
  const stacks = createJengaFundApp({ context: skipBundling, siteDirectory: "/nonexistent/jengafund-web-dist" });
  functions = [apiTemplates(stacks.api).all, Template.fromStack(stacks.data)].flatMap(
    (template) =>
      Object.entries(template.findResources("AWS::Lambda::Function", { Properties: { Runtime: "nodejs22.x" } })) as [
        string,
        LambdaFunction,
      ][],
  );
});

const secretVariables = (fn: LambdaFunction) =>
  Object.keys(fn.Properties.Environment?.Variables ?? {}).filter((name) => name.endsWith("_ARN"));

describe("secrets reach the functions through the Parameters and Secrets extension", () => {
  it("every function bound to a secret carries the extension, with its cache off and on its default port", () => {
    const bound = functions.filter(([, fn]) => secretVariables(fn).length > 0);
    expect(bound.length).toBeGreaterThan(10);
    for (const [id, fn] of bound) {
      const layers = (fn.Properties.Layers ?? []).filter((arn) => typeof arn === "string" && EXTENSION_LAYER.test(arn));
      expect(layers, id).toHaveLength(1);
      const variables = fn.Properties.Environment?.Variables ?? {};
      // The code keeps each secret for the container's life and re-reads the rotated origin secret on purpose.
      expect(String(variables.PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED), id).toBe("false");
      expect(String(variables.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT), id).toBe("2773");
    }
  });

  it("a function bound to no secret carries no extension", () => {
    for (const [id, fn] of functions.filter(([, fn]) => secretVariables(fn).length === 0)) {
      expect(JSON.stringify(fn.Properties.Layers ?? []), id).not.toMatch(/Parameters-and-Secrets/);
    }
  });
});
