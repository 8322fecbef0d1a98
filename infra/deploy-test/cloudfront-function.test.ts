/**
 * The site's CloudFront Function as CloudFront would run it: its code and runtime are read from each stage's
 * synthesized Web template (what `cdk deploy` uploads, not the TypeScript that builds it) and it is run under njs,
 * nginx's JavaScript engine, which CloudFront Functions resemble, on viewer-request events of the documented shape.
 * Node accepts syntax and built-ins that CloudFront rejects, so the template tests, which evaluate the function in Node,
 * cannot tell whether CloudFront would accept it, nor whether it hands back the rest of the request untouched. njs runs
 * in safe and sandbox mode (-u -s): like CloudFront, no Function constructor and no file system.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { type CfnResource, resourcesOfType, stacksIn } from "./assembly.js";
import { STAGE_FIXTURES } from "./stages.js";

/** A viewer-request event as CloudFront hands it to a function (cloudfront-js event structure, version 1.0). */
interface ViewerRequestEvent {
  version: "1.0";
  context: { distributionDomainName: string; distributionId: string; eventType: "viewer-request"; requestId: string };
  viewer: { ip: string };
  request: ViewerRequest;
}

interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string; multiValue?: { value: string }[] }>;
  headers: Record<string, { value: string; multiValue?: { value: string }[] }>;
  cookies: Record<string, { value: string; attributes?: string; multiValue?: { value: string }[] }>;
}

function viewerRequest(uri: string, extra: Partial<ViewerRequest> = {}): ViewerRequestEvent {
  return {
    version: "1.0",
    context: {
      distributionDomainName: "d111111abcdef8.cloudfront.net",
      distributionId: "EDFDVBD6EXAMPLE",
      eventType: "viewer-request",
      requestId: "4TyzHTaYWb1GX1qTfsHhEqV6HUDd_BzoBZnwfnvQc_1oF26ClkoUSEQ==",
    },
    viewer: { ip: "198.51.100.11" },
    request: {
      method: "GET",
      uri,
      querystring: {},
      headers: {
        host: { value: "d111111abcdef8.cloudfront.net" },
        "user-agent": { value: "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36" },
        accept: { value: "text/html,application/xhtml+xml" },
      },
      cookies: {},
      ...extra,
    },
  };
}

/** Runs `handler(event)` from the function code in a fresh njs, as CloudFront runs each request, and returns its answer. */
function runUnderNjs(functionCode: string, event: ViewerRequestEvent): unknown {
  const script = `${functionCode}\nconsole.log(JSON.stringify(handler(${JSON.stringify(event)})));\n`;
  const run = spawnSync("njs", ["-u", "-s", "-"], { input: script, encoding: "utf8" });
  if (run.error) {
    throw new Error(
      "njs is not installed: it is nginx's JavaScript engine, which CloudFront Functions resemble " +
        "(apt-get install -y njs, 0.7.9 on Debian bookworm); .ci/run installs it",
      { cause: run.error },
    );
  }
  if (run.status !== 0) {
    // Line numbers in njs's message count from the function code's first line.
    throw new Error(`njs rejected the function (exit ${run.status}):\n${run.stderr || run.stdout}\n${functionCode}`);
  }
  return JSON.parse(run.stdout);
}

describe.each(STAGE_FIXTURES)("the site's CloudFront Function in the $stage synth", ({ stage }) => {
  const web = () => {
    const stack = stacksIn(inject("synthDirs")[stage]).find((candidate) => candidate.name.endsWith("-Web"));
    if (!stack) throw new Error(`no Web stack in the ${stage} synth`);
    return stack.template;
  };
  const onlyOne = (resources: [string, CfnResource][], what: string): [string, CfnResource] => {
    const [first, ...rest] = resources;
    if (!first || rest.length > 0)
      throw new Error(`expected one ${what} in the ${stage} Web stack, found ${resources.length}`);
    return first;
  };
  const siteFunction = () => {
    const [logicalId, resource] = onlyOne(resourcesOfType(web(), "AWS::CloudFront::Function"), "CloudFront Function");
    const properties = resource.Properties as { FunctionCode: unknown; FunctionConfig: { Runtime: string } };
    if (typeof properties.FunctionCode !== "string") {
      throw new Error(`${logicalId}: FunctionCode is not plain code: ${JSON.stringify(properties.FunctionCode)}`);
    }
    return { logicalId, code: properties.FunctionCode, runtime: properties.FunctionConfig.Runtime };
  };

  it("is uploaded for the cloudfront-js-2.0 runtime", () => {
    expect(siteFunction().runtime).toBe("cloudfront-js-2.0");
  });

  it("runs on viewer requests for the site only: /api/* reaches the API as the viewer sent it", () => {
    const [, distribution] = onlyOne(resourcesOfType(web(), "AWS::CloudFront::Distribution"), "distribution");
    const config = (distribution.Properties as { DistributionConfig: Record<string, unknown> }).DistributionConfig as {
      DefaultCacheBehavior: { FunctionAssociations?: unknown[] };
      CacheBehaviors: { PathPattern: string; FunctionAssociations?: unknown[] }[];
    };
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [siteFunction().logicalId, "FunctionARN"] } },
    ]);
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === "/api/*");
    expect(api).toBeDefined();
    expect(api?.FunctionAssociations).toBeUndefined();
  });

  it.each([
    ["/", "/index.html"],
    ["/login", "/login/index.html"],
    ["/register/", "/register/index.html"],
    ["/dashboard", "/app.html"],
    ["/dashboard/packages", "/app.html"],
    ["/forgot-password", "/app.html"],
    ["/investments/01JD3Q5Z8K7V2X9Y4W6T1R0M3N", "/app.html"],
    ["/assets/index-abc123.js", "/assets/index-abc123.js"],
    ["/favicon.svg", "/favicon.svg"],
    // The installable app's service worker, its manifest and their icons are files, served as they are.
    ["/sw.js", "/sw.js"],
    ["/manifest.webmanifest", "/manifest.webmanifest"],
    ["/icons/icon-192.png", "/icons/icon-192.png"],
  ])("rewrites a viewer request for %s to %s and changes nothing else", (uri, expected) => {
    const event = viewerRequest(uri);
    expect(runUnderNjs(siteFunction().code, event)).toEqual({ ...event.request, uri: expected });
  });

  it.each([
    ["/investments/01JD3Q5Z8K7V2X9Y4W6T1R0M3N", "/app.html"],
    ["/login/", "/login/index.html"],
    ["/assets/index-abc123.js", "/assets/index-abc123.js"],
  ])("keeps the query string, headers and cookies of a request for %s (served %s)", (uri, expected) => {
    const event = viewerRequest(uri, {
      querystring: {
        ref: { value: "sms" },
        tag: { value: "a", multiValue: [{ value: "a" }, { value: "b" }] },
      },
      cookies: { theme: { value: "dark" } },
    });
    event.request.headers.cookie = { value: "theme=dark" };
    expect(runUnderNjs(siteFunction().code, event)).toEqual({ ...event.request, uri: expected });
  });
});
