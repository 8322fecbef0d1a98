import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { API_BASE_PATH, KEPT_SCREEN_PAINT, PRE_APP_FORM_GUARD } from "@jengafund/shared";
import {
  Annotations,
  type CfnElement,
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
} from "aws-cdk-lib";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { BucketDeployment, CacheControl, Source } from "aws-cdk-lib/aws-s3-deployment";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { ORIGIN_SECRET_HEADER } from "../../functions/src/kernel/caller.js";
import { versionedLifecycle } from "./bucket-lifecycle.js";
import type { CustomDomain } from "./deploy-settings.js";
import { acknowledge, BASIC_EXECUTION_ROLE, PINNED_RUNTIME } from "./nag.js";

/**
 * What CloudFront passes to the API besides the path, body and query string. Host is deliberately absent: API Gateway
 * answers 403 to a Host other than its own, and without it CloudFront sends the origin's name. CloudFront-Viewer-Address
 * is added by CloudFront itself (the viewer's IP and port): behind CloudFront the API's sourceIp is an edge, and the
 * functions take the caller's address from this header, trusting it only next to the origin secret.
 *
 * Why a list rather than "all viewer headers except Host": a custom policy cannot say that and add a CloudFront
 * header (allExcept takes no CloudFront headers, allViewerAndWhitelistCloudFront forwards Host), and the managed
 * AllViewerExceptHostHeader policy's contents are AWS's to change and cannot be checked in a template. A new header
 * the API reads must be added here.
 */
export const API_FORWARDED_HEADERS = [
  "Content-Type",
  "Accept",
  "User-Agent",
  "CloudFront-Viewer-Address",
  // Money routes are made safe to retry with it (design.md §11).
  "Idempotency-Key",
  // The browser's own random id: a sign-in from a browser not seen before tells the owner (design.md §12.2).
  "X-Device-Id",
] as const;

export interface WebStackProps extends StackProps {
  /** Host name of the API origin: its custom domain, or the execute-api host. */
  readonly apiOriginDomain: string;
  /** Its value goes into the x-origin-verify header as a CloudFormation dynamic reference, never in clear. */
  readonly originSecret: ISecret;
  /** The identity documents bucket's regional host, which the CSP names (siteContentSecurityPolicy). */
  readonly documentsEndpoint: string;
  /** The hosts package images may come from, named in the CSP's img-src (DeploySettings.packageImageHosts). */
  readonly packageImageHosts?: readonly string[];
  /** Pins the secret version CloudFront sends; changing it is what makes CloudFormation read a rotated value. */
  readonly originSecretVersionId?: string;
  /** The CLOUDFRONT-scope web ACL (from the us-east-1 edge stack). */
  readonly webAclArn: string;
  /** The site's own domain and its us-east-1 certificate; without it the site is at the CloudFront address. */
  readonly siteDomain?: CustomDomain;
  /** The Vite build (web/dist). Without an index.html there the site is created empty, so synth needs no web build. */
  readonly siteDirectory: string;
  /** Days CloudFront's and the site bucket's access logs are kept. */
  readonly logRetentionDays: number;
  /** Whether the log bucket outlives the stack (prod). */
  readonly retainLogs: boolean;
}

/**
 * The routes the web build pre-renders besides the landing page (web/src/app/prerender.tsx, `prerenderedPaths`): each
 * is served its own page, dist/<route>/index.html, with its content before any script runs.
 */
export const PRERENDERED_ROUTES = ["/login", "/register", "/terms"] as const;

/**
 * Routing of the site as a viewer-request rewrite on the site behavior only: a path whose last segment has a file
 * extension is a file; `/` is the pre-rendered landing page (index.html), a pre-rendered route gets its own page, and
 * every other path is a client-side route and gets the app shell (app.html), which renders it. Distribution-wide error
 * responses would also turn the API's 403 and 404 answers into a page with a 200.
 */
export const spaRewriteFunctionCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri.replace(/\\/+$/, "") || "/";
  if (/\\.[^/]+$/.test(uri)) return request;
  var pages = ${JSON.stringify(PRERENDERED_ROUTES)};
  request.uri = uri === "/" ? "/index.html" : pages.indexOf(uri) >= 0 ? uri + "/index.html" : "/app.html";
  return request;
}`;

/** Where browsers send the policy's violation reports: the API's public report route (design.md §9). */
export const CSP_REPORT_PATH = `${API_BASE_PATH}/csp-reports`;

/**
 * The token is kept in localStorage (spec), so an injected script could steal it: scripts come from our origin only,
 * and two inline scripts by their hashes: the pre-rendered pages' one, which holds their forms until the app runs,
 * and the shell's, which paints the kept screen (shared/src/kept-screen.ts).
 * Chakra UI (emotion) injects <style> elements at runtime, hence 'unsafe-inline' for styles and nothing else.
 *
 * Images come from the site itself (the seeded packages' artwork), from each of `imageHosts` (the hosts a deploy lets
 * package images come from, DeploySettings.packageImageHosts, by name: never a wildcard), from
 * data: (the authenticator QR code is an inline SVG), from blob: (the identity document form previews the chosen
 * file) and from `documentsHost`, the identity documents bucket's regional host (<bucket>.s3.<region>.amazonaws.com,
 * design.md §13.5): the browser posts the uploads there and the review shows its images from there, so it is named in
 * connect-src and img-src. No other host may serve an image or answer a script.
 *
 * Violations are reported to CSP_REPORT_PATH, both the old way (report-uri) and through the Reporting API
 * (report-to, with the Reporting-Endpoints header that names the `csp` endpoint).
 */
export function siteContentSecurityPolicy(documentsHost?: string, imageHosts: readonly string[] = []): string {
  const documents = documentsHost ? ` https://${documentsHost}` : "";
  const images = imageHosts.map((host) => ` https://${host}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self' ${[PRE_APP_FORM_GUARD, KEPT_SCREEN_PAINT].map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`).join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${images}${documents}`,
    `connect-src 'self'${documents}`,
    // The installable app's service worker and web manifest (web/vite.config.ts), from our origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    "report-to csp",
  ].join("; ");
}

/**
 * Browser features the site never uses are switched off for it and anything it could embed; the clipboard (copying a
 * referral link, recovery codes, the Paybill numbers) is the one it keeps, for its own pages.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "usb=()",
  "clipboard-write=(self)",
].join(", ");

/**
 * The headers besides CloudFront's security set: the permissions above; a window of ours shares no browsing context
 * group with another site's (COOP), and no other site may embed our files or API answers (CORP); the Reporting API's
 * endpoint for the CSP's report-to.
 */
export const SITE_CUSTOM_HEADERS: Readonly<Record<string, string>> = {
  "Permissions-Policy": PERMISSIONS_POLICY,
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Reporting-Endpoints": `csp="${CSP_REPORT_PATH}"`,
};

/**
 * The page a reset link opens (design.md §11). The link carries its token after `#`, which browsers never send, and
 * the page removes it from the address bar before anything loads (web/src/app/routes/reset-password.tsx); this page
 * also sends no Referer at all, so nothing it loads learns even which page asked.
 */
export const RESET_PASSWORD_PATH = "/reset-password";

/** The site's policy without the documents bucket: what the pages' own code needs (the browser tests serve it). */
export const contentSecurityPolicy = siteContentSecurityPolicy();

/** How long a replaced or deleted file of the site stays recoverable. */
export const SITE_NONCURRENT_DAYS = 30;

/**
 * The installable app's files at the site's root (web/vite.config.ts): the service worker, whose precache lists the
 * release's pages and chunks, and the web manifest.
 */
const WORKER_FILES = [
  { id: "DeployServiceWorker", file: "sw.js", contentType: "text/javascript; charset=utf-8" },
  { id: "DeployManifest", file: "manifest.webmanifest", contentType: "application/manifest+json" },
] as const;

/** The React app on a private bucket behind CloudFront, which also forwards /api/* to the HTTP API (one origin). */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logBucket = this.logBucket(props);
    const bucket = new Bucket(this, "SiteBucket", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: "site-bucket/",
      // Versioned, so what a deploy (or anyone) replaced can be put back as it was; old versions go after 30 days.
      versioned: true,
      lifecycleRules: versionedLifecycle(undefined, Duration.days(SITE_NONCURRENT_DAYS)),
      // Nothing here that the next deploy does not rebuild from web/dist.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const csp = siteContentSecurityPolicy(props.documentsEndpoint, props.packageImageHosts);
    const securityHeaders = this.securityHeaders(
      "SecurityHeaders",
      "JengaFund security headers",
      csp,
      HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
    );
    const resetPageHeaders = this.securityHeaders(
      "ResetPageHeaders",
      "JengaFund security headers, no referrer (the password reset page)",
      csp,
      HeadersReferrerPolicy.NO_REFERRER,
    );

    const spaRewrite = new CloudFrontFunction(this, "SpaRewrite", {
      comment: "Serves the pre-rendered pages, and the app shell for client-side routes",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRewriteFunctionCode),
    });

    // CloudFormation resolves this reference at deploy time; the template and the synthesized assembly only hold
    // `{{resolve:secretsmanager:…}}`. (CloudFront's own configuration then shows the value to whoever may read it.)
    const originSecretValue = SecretValue.secretsManager(props.originSecret.secretArn, {
      versionId: props.originSecretVersionId,
    });
    const apiOrigin = new HttpOrigin(props.apiOriginDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // The name the functions check (x-origin-verify) comes from their own code, so the two cannot drift apart.
      customHeaders: { [ORIGIN_SECRET_HEADER]: originSecretValue.unsafeUnwrap() },
    });
    const apiOriginRequests = new OriginRequestPolicy(this, "ApiOriginRequests", {
      comment: "JengaFund /api/*: the headers the API reads (never Host) and CloudFront-Viewer-Address",
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // CloudFront forwards Authorization only as part of a cache key (an origin request policy may not name it), and a
    // cache policy may name headers only when its maximum TTL is above zero. Nothing is kept in practice: the default
    // TTL is zero and every API answer says no-store; the bearer token and the query string are in the key anyway.
    const apiCacheKey = new CachePolicy(this, "ApiCacheKey", {
      comment: "JengaFund /api/*: passes Authorization to the API, caches nothing",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList("Authorization"),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
    });

    const site = S3BucketOrigin.withOriginAccessControl(bucket);
    const siteBehavior = {
      origin: site,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new Distribution(this, "Distribution", {
      comment: "JengaFund web app and /api",
      defaultRootObject: "index.html",
      enableLogging: true,
      logBucket,
      logFilePrefix: "cloudfront/",
      webAclId: props.webAclArn,
      ...(props.siteDomain
        ? {
            domainNames: [props.siteDomain.domainName],
            certificate: Certificate.fromCertificateArn(this, "SiteCertificate", props.siteDomain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: { ...siteBehavior, responseHeadersPolicy: securityHeaders },
      additionalBehaviors: {
        // The reset page and anything under it (a trailing slash): the same files, with no referrer.
        [`${RESET_PASSWORD_PATH}*`]: { ...siteBehavior, responseHeadersPolicy: resetPageHeaders },
        "/api/*": {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET; refuse plain HTTP instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCacheKey,
          originRequestPolicy: apiOriginRequests,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    acknowledge(
      this.distribution,
      "Investors are Kenyan but travel and roam, and many reach the site through carriers' and VPN addresses: a " +
        "country restriction would lock real users out. WAF's IP-reputation rules and rate limits cover abuse",
      "AwsSolutions-CFR1",
    );
    if (!props.siteDomain) {
      acknowledge(
        this.distribution,
        "Without a custom domain the site uses CloudFront's default *.cloudfront.net certificate, whose TLS policy " +
          "CloudFront fixes; with domainName and certificateArn the minimum is TLS 1.2 (TLSv1.2_2021)",
        "AwsSolutions-CFR4",
      );
    }

    if (existsSync(join(props.siteDirectory, "index.html"))) {
      this.deploySite(bucket, props.siteDirectory);
    } else {
      Annotations.of(this).addWarningV2(
        "@jengafund/infra:no-web-build",
        `No web build in ${props.siteDirectory}: the site bucket stays empty. Run \`npm run build\` before deploying.`,
      );
    }

    new CfnOutput(this, "SiteUrl", {
      value: `https://${props.siteDomain?.domainName ?? this.distribution.distributionDomainName}`,
    });
    if (props.siteDomain) {
      new CfnOutput(this, "SiteDomainTarget", {
        value: this.distribution.distributionDomainName,
        description: `Point ${props.siteDomain.domainName} here (CNAME, or a Route 53 alias)`,
      });
    }
    new CfnOutput(this, "DistributionId", { value: this.distribution.distributionId });
  }

  /**
   * HSTS for two years with preload, the CSP, nosniff, no framing and the given referrer policy, each overriding what
   * an origin sends, and SITE_CUSTOM_HEADERS. Every page and API answer gets one of these, all alike but the referrer.
   */
  private securityHeaders(
    id: string,
    comment: string,
    csp: string,
    referrerPolicy: HeadersReferrerPolicy,
  ): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      comment,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(SITE_CUSTOM_HEADERS).map(([header, value]) => ({
          header,
          value,
          override: true,
        })),
      },
    });
  }

  /**
   * CloudFront's standard logs and the site bucket's access logs. CloudFront delivers through an ACL grant, so this
   * bucket alone keeps ACLs (object ownership "bucket owner preferred"); it stays private, HTTPS-only and encrypted
   * with S3-managed keys, which CloudFront's log delivery writes with no key policy to maintain. CloudFront logs the full URI, so
   * these logs hold the callback token: who can read this bucket can read the token (docs/runbook.md).
   */
  private logBucket(props: WebStackProps): Bucket {
    return new Bucket(this, "AccessLogs", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // Versioned, so a log cannot be quietly overwritten or deleted: the old version stays for the retention again.
      versioned: true,
      lifecycleRules: versionedLifecycle(Duration.days(props.logRetentionDays), Duration.days(props.logRetentionDays)),
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.retainLogs,
    });
  }

  /**
   * Vite fingerprints everything under assets/, so those files can be cached for a year and are never pruned (a tab
   * still running the previous release keeps loading its chunks). index.html and the other unhashed files must be
   * revalidated, and go up only after the assets they reference, followed by a CloudFront invalidation.
   *
   * The service worker and the web manifest go up last, each with its own content type and revalidated on every
   * check: a new sw.js precaches the pages and chunks of its release, which must be there before a phone fetches it.
   */
  private deploySite(bucket: Bucket, siteDirectory: string): void {
    const source = Source.asset(siteDirectory);
    const hashedAssets = new BucketDeployment(this, "DeployHashedAssets", {
      sources: [source],
      destinationBucket: bucket,
      exclude: ["*"],
      include: ["assets/*"],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    const entryFiles = new BucketDeployment(this, "DeployEntryFiles", {
      sources: [source],
      destinationBucket: bucket,
      // Excluded keys are also left alone by pruning, so this never deletes the assets deployed above.
      exclude: ["assets/*", ...WORKER_FILES.map(({ file }) => file)],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ["/*"],
    });
    entryFiles.node.addDependency(hashedAssets);
    for (const { id, file, contentType } of WORKER_FILES) {
      const deployment = new BucketDeployment(this, id, {
        sources: [source],
        destinationBucket: bucket,
        exclude: ["*"],
        include: [file],
        prune: false,
        cacheControl: [CacheControl.fromString("no-cache, max-age=0, must-revalidate")],
        // Set, not guessed from the extension by the deployment's copy (which may not know .webmanifest).
        contentType,
        distribution: this.distribution,
        distributionPaths: [`/${file}`],
      });
      deployment.node.addDependency(entryFiles);
    }
    this.acknowledgeDeploymentHandler(bucket);
  }

  /**
   * BucketDeployment copies the site with a function CDK writes and grants (one per stack, shared by both
   * deployments): its runtime and policies are CDK's, and it runs only during a deploy.
   */
  private acknowledgeDeploymentHandler(bucket: Bucket): void {
    const handler = this.node.children.find((child) => child.node.id.startsWith("Custom::CDKBucketDeployment"));
    if (!handler) throw new Error("BucketDeployment's handler function was not found to acknowledge its findings");
    const cdksOwn = "CDK's BucketDeployment handler, run by CloudFormation only while deploying the site";
    acknowledge(handler, `${cdksOwn}: its runtime is the one CDK ships it for`, ...PINNED_RUNTIME);
    acknowledge(
      handler,
      `${cdksOwn}: CloudFormation waits for its answer, so there is no event to keep, and it is not traced`,
      "Serverless-LambdaDLQ",
      "Serverless-LambdaTracing",
    );
    acknowledge(handler, `${cdksOwn}: the managed policy only lets it write its own logs`, BASIC_EXECUTION_ROLE);
    const siteBucket = `<${this.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>`;
    acknowledge(
      handler,
      `${cdksOwn}: it reads the build from CDK's asset bucket and replaces the objects of the site bucket, the two ` +
        "buckets these wildcards name, and invalidates the distribution (CloudFront's invalidation takes no resource)",
      "AwsSolutions-IAM5[Action::s3:GetBucket*]",
      "AwsSolutions-IAM5[Action::s3:GetObject*]",
      "AwsSolutions-IAM5[Action::s3:List*]",
      "AwsSolutions-IAM5[Action::s3:Abort*]",
      "AwsSolutions-IAM5[Action::s3:DeleteObject*]",
      `AwsSolutions-IAM5[Resource::arn:aws:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${this.region}/*]`,
      `AwsSolutions-IAM5[Resource::${siteBucket}/*]`,
      "AwsSolutions-IAM5[Resource::*]",
    );
  }
}
