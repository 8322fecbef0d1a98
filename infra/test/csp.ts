import type { Template } from "aws-cdk-lib/assertions";

/**
 * The site's Content-Security-Policy as the web stack's response headers policies send it, one string: the documents
 * bucket's host, a cross-stack reference to the data stack's bucket `bucketId`, is shown as `<documents-host>`, and
 * any other reference as its JSON (so a test sees it and fails). Every policy (the site's, the reset page's) must send
 * the same one.
 */
export function siteCsp(web: Template, bucketId: string): string {
  const policies = Object.values(web.findResources("AWS::CloudFront::ResponseHeadersPolicy"));
  if (policies.length === 0) throw new Error("expected a response headers policy, found none");
  const csps = new Set(policies.map((policy) => cspOf(policy as { Properties: PolicyProperties }, bucketId)));
  if (csps.size !== 1) throw new Error(`the response headers policies send different CSPs: ${[...csps].join(" | ")}`);
  return [...csps][0] as string;
}

type PolicyProperties = {
  ResponseHeadersPolicyConfig: { SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } } };
};

function cspOf(policy: { Properties: PolicyProperties }, bucketId: string): string {
  const value =
    policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
  if (typeof value === "string") return value;
  const [separator, parts] = (value as { "Fn::Join": [string, unknown[]] })["Fn::Join"];
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      const text = JSON.stringify(part);
      return text.includes(`FnGetAtt${bucketId}RegionalDomainName`) ? "<documents-host>" : text;
    })
    .join(separator);
}

/** A policy's directives, by name: `connect-src 'self' x` → { "connect-src": ["'self'", "x"] }. */
export function directivesOf(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}
