import { existsSync } from "node:fs";
import { join } from "node:path";
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { BucketDeployment, CacheControl, Source } from "aws-cdk-lib/aws-s3-deployment";
import type { Construct } from "constructs";

export interface WebStackProps extends StackProps {
  readonly httpApi: IHttpApi;
  /** The Vite build (web/dist). Without an index.html there the site is created empty, so synth needs no web build. */
  readonly siteDirectory: string;
}

/**
 * SPA fallback as a viewer-request rewrite on the site behavior only: a path whose last segment has no file extension
 * is a client-side route and gets index.html. Distribution-wide error responses would also turn the API's 403 and
 * 404 answers into index.html with a 200.
 */
export const spaRewriteFunctionCode = `function handler(event) {
  var request = event.request;
  if (!/\\.[^/]+$/.test(request.uri)) {
    request.uri = "/index.html";
  }
  return request;
}`;

/**
 * The token is kept in localStorage (spec), so an injected script could steal it: scripts come from our origin only.
 * Chakra UI (emotion) injects <style> elements at runtime, hence 'unsafe-inline' for styles and nothing else.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** The React app on a private bucket behind CloudFront, which also forwards /api/* to the HTTP API (one origin). */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const bucket = new Bucket(this, "SiteBucket", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // Nothing here that the next deploy does not rebuild from web/dist.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, "SecurityHeaders", {
      comment: "JengaFund security headers",
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, "SpaRewrite", {
      comment: "Serves index.html for client-side routes",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRewriteFunctionCode),
    });

    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com; CloudFront wants the bare domain.
    const apiDomain = Fn.select(2, Fn.split("/", props.httpApi.apiEndpoint));

    this.distribution = new Distribution(this, "Distribution", {
      comment: "JengaFund web app and /api",
      defaultRootObject: "index.html",
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        "/api/*": {
          origin: new HttpOrigin(apiDomain),
          // A redirect would turn a POST into a GET; refuse plain HTTP instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // API Gateway answers 403 to any Host but its own; every other viewer header (Authorization too) passes.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    if (existsSync(join(props.siteDirectory, "index.html"))) {
      this.deploySite(bucket, props.siteDirectory);
    } else {
      Annotations.of(this).addWarningV2(
        "@jengafund/infra:no-web-build",
        `No web build in ${props.siteDirectory}: the site bucket stays empty. Run \`npm run build\` before deploying.`,
      );
    }

    new CfnOutput(this, "SiteUrl", { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, "DistributionId", { value: this.distribution.distributionId });
  }

  /**
   * Vite fingerprints everything under assets/, so those files can be cached for a year and are never pruned (a tab
   * still running the previous release keeps loading its chunks). index.html and the other unhashed files must be
   * revalidated, and go up only after the assets they reference, followed by a CloudFront invalidation.
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
      exclude: ["assets/*"],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ["/*"],
    });
    entryFiles.node.addDependency(hashedAssets);
  }
}
