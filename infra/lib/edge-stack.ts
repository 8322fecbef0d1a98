import { CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import { CfnIPSet, CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import type { Construct } from "constructs";
import { toCidrs } from "./deploy-settings.js";

export interface EdgeStackProps extends StackProps {
  /** The only sources allowed to call /api/hooks/ (Safaricom's callback addresses, the ingest's own allow-list). */
  readonly mpesaCallbackIps: readonly string[];
  /**
   * POSTs to /api/auth/ per viewer IP in any five minutes; also, counted apart, referral code checks
   * (GET /api/auth/referral-codes/…).
   */
  readonly authRateLimit: number;
  /** POSTs to /api/mpesa/deposit per viewer IP in any five minutes. */
  readonly depositRateLimit: number;
}

type Statement = CfnWebACL.StatementProperty;

/** WAF's path matches see the path after percent-decoding and `//`, `/./`, `/../` normalisation, as the API does. */
const PATH_TRANSFORMATIONS = [
  { priority: 0, type: "URL_DECODE" },
  { priority: 1, type: "NORMALIZE_PATH" },
];

const pathMatch = (positionalConstraint: "STARTS_WITH" | "EXACTLY", searchString: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: PATH_TRANSFORMATIONS,
  },
});
const pathStartsWith = (prefix: string) => pathMatch("STARTS_WITH", prefix);
const pathIs = (path: string) => pathMatch("EXACTLY", path);

const methodIs = (method: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: "EXACTLY",
    searchString: method,
    textTransformations: [{ priority: 0, type: "NONE" }],
  },
});

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * WAF at the edge (design.md §9). CloudFront takes only CLOUDFRONT-scope web ACLs, and those exist only in us-east-1,
 * so this small stack lives there whatever region the rest of the app uses; the web stack reads the ACL's ARN from
 * this stack's outputs across regions (jengafund-app.ts).
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);

    const callbackSources = new CfnIPSet(this, "SafaricomCallbackIps", {
      description: "Safaricom M-Pesa callback source addresses, from the mpesaCallbackIps context value",
      scope: "CLOUDFRONT",
      ipAddressVersion: "IPV4",
      addresses: toCidrs(props.mpesaCallbackIps),
    });

    const hooks = pathStartsWith("/api/hooks/");
    const rules: CfnWebACL.RuleProperty[] = [
      {
        // The ingest checks the address too (and the path token and body), but refusing here costs no invocation.
        name: "HooksOnlyFromSafaricom",
        priority: 0,
        action: { block: {} },
        statement: {
          andStatement: {
            statements: [
              hooks,
              { notStatement: { statement: { ipSetReferenceStatement: { arn: callbackSources.attrArn } } } },
            ],
          },
        },
        visibilityConfig: visibility("HooksOnlyFromSafaricom"),
      },
      {
        // POST only: GET /api/auth/me runs on every app load and costs no password hash.
        name: "AuthRateLimit",
        priority: 1,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            limit: props.authRateLimit,
            evaluationWindowSec: 300,
            aggregateKeyType: "IP",
            scopeDownStatement: { andStatement: { statements: [pathStartsWith("/api/auth/"), methodIs("POST")] } },
          },
        },
        visibilityConfig: visibility("AuthRateLimit"),
      },
      {
        // The register form's referral code check is a public GET, so AuthRateLimit (POSTs) does not see it; it is an
        // enumeration surface, so it gets a budget of its own (apart from sign-ins, so typing a code cannot use up a
        // network's logins). The function also counts checks per address per hour.
        name: "ReferralCodeCheckRateLimit",
        priority: 2,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            limit: props.authRateLimit,
            evaluationWindowSec: 300,
            aggregateKeyType: "IP",
            scopeDownStatement: {
              andStatement: { statements: [pathStartsWith("/api/auth/referral-codes/"), methodIs("GET")] },
            },
          },
        },
        visibilityConfig: visibility("ReferralCodeCheckRateLimit"),
      },
      {
        // Starting a deposit sends an STK prompt to a phone; the deposit page's polling (GET /api/mpesa/deposit/{id})
        // is not counted.
        name: "DepositRateLimit",
        priority: 3,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            limit: props.depositRateLimit,
            evaluationWindowSec: 300,
            aggregateKeyType: "IP",
            scopeDownStatement: { andStatement: { statements: [pathIs("/api/mpesa/deposit"), methodIs("POST")] } },
          },
        },
        visibilityConfig: visibility("DepositRateLimit"),
      },
      managedGroup("AWSManagedRulesAmazonIpReputationList", 4),
      managedGroup("AWSManagedRulesKnownBadInputsRuleSet", 5),
      // Not on /api/hooks/: its body rules (SizeRestrictions_BODY, the XSS and LFI body signatures) would drop a real
      // callback without a trace, and Daraja may never send it again (mpesa.md §2.1). Hooks traffic is already limited to Safaricom's
      // addresses above, carries a 192-bit path token and is shape-checked by the ingest. Every other body the API
      // accepts (at most a package: 1,000-character description, 2 KB image URL) is far below the 8 KB size rule.
      managedGroup("AWSManagedRulesCommonRuleSet", 6, { notStatement: { statement: hooks } }),
    ];

    this.webAcl = new CfnWebACL(this, "WebAcl", {
      description: "JengaFund: managed protections, rate limits on sign-in and deposits, Safaricom-only callbacks",
      scope: "CLOUDFRONT",
      defaultAction: { allow: {} },
      rules,
      visibilityConfig: visibility("JengaFundWebAcl"),
    });

    new CfnOutput(this, "WebAclArn", { value: this.webAcl.attrArn });
  }
}

function managedGroup(name: string, priority: number, scopeDownStatement?: Statement): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    // The group's own actions (block) apply; `count` here would turn the whole group into monitoring only.
    overrideAction: { none: {} },
    statement: { managedRuleGroupStatement: { vendorName: "AWS", name, scopeDownStatement } },
    visibilityConfig: visibility(name),
  };
}
