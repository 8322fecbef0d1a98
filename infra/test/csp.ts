import type { Template } from "aws-cdk-lib/assertions";

/**
 * The site's Content-Security-Policy as the web stack's response headers policy sends it, one string: the documents
 * bucket's host, a cross-stack reference to the data stack's bucket `bucketId`, is shown as `<documents-host>`, and
 * any other reference as its JSON (so a test sees it and fails).
 */
export function siteCsp(web: Template, bucketId: string): string {
  const policies = Object.values(web.findResources("AWS::CloudFront::ResponseHeadersPolicy"));
  if (policies.length !== 1) throw new Error(`expected one response headers policy, found ${policies.length}`);
  const value: unknown =
    policies[0]?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
      .ContentSecurityPolicy;
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
