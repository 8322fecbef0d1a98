import { Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks, ServerlessChecks } from "cdk-nag";
import type { IConstruct } from "constructs";
import { describe, expect, it } from "vitest";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { PROD_CONTEXT, skipBundling } from "./contexts.js";

/** A stand-in web build, so the site upload and the handler CDK adds for it are among what the packs check. */
const site = { siteDirectory: new URL("./fixtures/site", import.meta.url).pathname };

const withDomains = {
  domainName: "pay.example.co.ke",
  certificateArn: "arn:aws:acm:us-east-1:111122223333:certificate/site",
  apiDomainName: "origin.example.co.ke",
  apiCertificateArn: "arn:aws:acm:af-south-1:111122223333:certificate/api",
};

/**
 * The packs run on the construct tree before synthesis, where a cross-stack reference still names its resource
 * (`<TableCD117FA1.Arn>`); synthesis rewrites it into Fn::GetStackOutput, which granular ids would then have to spell.
 */
function findings(context: Record<string, unknown>) {
  const { app } = createJengaFundApp({ context: { ...skipBundling, ...context }, ...site });
  return [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) =>
    pack.validateScope(app).violations.map((v) => ({
      rule: v.ruleName,
      resources: v.violatingResources.map((r) => r.constructPath),
    })),
  );
}

describe("cdk-nag AwsSolutions and Serverless packs", () => {
  it.each([
    ["prod, on CloudFront's own address for the site", PROD_CONTEXT],
    ["prod with its own domains", { ...PROD_CONTEXT, ...withDomains, mpesaCallbackBaseUrl: undefined }],
    ["staging", { stage: "staging" }],
    ["dev, the default", {}],
  ])("find nothing unacknowledged in any stack of %s", (_, context) => {
    expect(findings(context)).toEqual([]);
  });

  it("acknowledges every finding with a specific reason", () => {
    const { app } = createJengaFundApp({ context: { ...skipBundling, ...PROD_CONTEXT }, ...site });
    const acknowledged = acknowledgements(app);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledged) {
      expect(reason.length, `${path}: ${id}`).toBeGreaterThanOrEqual(60);
      // A wildcard is acknowledged for the resource or action it names, never for the whole rule.
      expect(id, path).not.toBe("AwsSolutions-IAM5");
    }
  });

  it("acknowledges nothing at the app or stack level, where it would cover resources nobody reviewed", () => {
    const { app, data, api, edge, web } = createJengaFundApp({
      context: { ...skipBundling, ...PROD_CONTEXT },
      ...site,
    });
    for (const scope of [app, data, api, edge, web]) {
      expect(acknowledgementsOn(scope), scope.node.path || "app").toEqual([]);
    }
  });
});

function acknowledgementsOn(scope: IConstruct) {
  return scope.node.metadata
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
    .map(([id, reason]) => ({ path: scope.node.path, id: id.replace(/^annotation::/i, ""), reason }));
}

function acknowledgements(root: IConstruct) {
  return root.node.findAll().flatMap(acknowledgementsOn);
}
