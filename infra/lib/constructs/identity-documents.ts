import { KYC_RETENTION_YEARS, type RouteDefinition } from "@jengafund/shared";
import { Annotations, Duration, RemovalPolicy } from "aws-cdk-lib";
import { AnyPrincipal, Effect, type IGrantable, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { Construct, type IConstruct } from "constructs";
import { versionedLifecycle } from "../bucket-lifecycle.js";
import { acknowledge, arnToken } from "../nag.js";

/** What a route does with the documents (RouteDefinition.documents). */
export type DocumentsUse = NonNullable<RouteDefinition["documents"]>;

/** Where the product keeps an account's documents while it is open, and where it moves them when it closes. */
export const DOCUMENT_PREFIXES = { open: "kyc/", closed: "closed/" } as const;

/**
 * Days a closed account's documents are kept: S3 lifecycle counts from an object's creation, and moving the documents
 * under closed/ at closure creates them anew, so this is the time since the account closed. Two leap days cover any
 * seven years.
 */
export const CLOSED_RETENTION_DAYS = KYC_RETENTION_YEARS * 365 + 2;

/** How long a replaced or deleted document's old version stays recoverable. */
export const NONCURRENT_VERSION_DAYS = 30;

/** Where an upload may come from when no site origin is configured: any page CloudFront serves (warned at synth). */
export const CLOUDFRONT_ORIGINS = "https://*.cloudfront.net";

/**
 * The actions each use of the documents is granted, on the objects under kyc/ and on the bucket's key: an upload is
 * a presigned POST that S3 authorises as the presigning role's PutObject, encrypted with a data key from the bucket's
 * key; a read is a HeadObject (authorised as GetObject) or a presigned GET, decrypted with the key.
 */
export const DOCUMENT_RIGHTS: Readonly<Record<DocumentsUse, { readonly s3: string[]; readonly kms: string[] }>> = {
  upload: { s3: ["s3:PutObject"], kms: ["kms:GenerateDataKey", "kms:Encrypt"] },
  read: { s3: ["s3:GetObject"], kms: ["kms:Decrypt"] },
};

export interface IdentityDocumentsProps {
  /**
   * The site's https origin, the only one the browser may upload from (the bucket's CORS rule); undefined (a dev
   * stage on CloudFront's own address, which the data stack cannot know) allows any CloudFront page, with a warning.
   */
  readonly siteOrigin?: string;
}

/**
 * The identity documents (design.md §13.5): a private, versioned bucket encrypted with a key of our own, written only
 * by presigned POST and read only through short-lived links, its access logged to a bucket of its own. Both buckets
 * and the key are retained on every stage, like the rest of the data stack: documents are a legal record, and a
 * deleted key would make every copy of them unreadable.
 */
export class IdentityDocuments extends Construct {
  readonly bucket: Bucket;
  readonly key: Key;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: IdentityDocumentsProps) {
    super(scope, id);

    this.key = new Key(this, "Key", {
      description: "JengaFund identity documents (KYC bucket encryption)",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.accessLogs = new Bucket(this, "AccessLogs", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // S3 delivers server access logs only to a bucket encrypted with S3-managed keys.
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Who read which document, and when, is kept as long as the documents can be; versioned, so an overwritten or
      // deleted log stays recoverable for as long as an old document version does.
      versioned: true,
      lifecycleRules: versionedLifecycle(Duration.days(CLOSED_RETENTION_DAYS), Duration.days(NONCURRENT_VERSION_DAYS)),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.accessLogs,
      "This bucket is where the identity documents' access logs go; logging its own access would log the log " +
        "deliveries, and only operators read it",
      "AwsSolutions-S1",
    );

    const origins = props.siteOrigin ? [props.siteOrigin] : [CLOUDFRONT_ORIGINS];
    if (!props.siteOrigin) {
      Annotations.of(this).addWarningV2(
        "@jengafund/infra:documents-cors-any-cloudfront",
        "No webOrigin: the identity documents bucket accepts browser uploads from any *.cloudfront.net page (the " +
          "presigned POST still decides what is written). Set -c webOrigin=<the Web stack's SiteUrl> to name the site.",
      );
    }

    this.bucket = new Bucket(this, "Bucket", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS,
      encryptionKey: this.key,
      // One data key per bucket rather than one KMS call per object.
      bucketKeyEnabled: true,
      versioned: true,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: "documents/",
      // The browser posts each file straight here, from the site's origin only. The progress bar's upload listener
      // makes the POST preflighted, hence the rule at all; the signed policy, not CORS, decides what is written.
      cors: [{ allowedOrigins: origins, allowedMethods: [HttpMethods.POST], allowedHeaders: ["*"], maxAge: 3000 }],
      lifecycleRules: [
        {
          id: "ExpireClosedAccounts",
          prefix: DOCUMENT_PREFIXES.closed,
          expiration: Duration.days(CLOSED_RETENTION_DAYS),
        },
        {
          id: "ForgetOldVersions",
          noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS),
          // Once a version expires, its delete marker is removed too, so nothing of the document is left.
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Nothing is written outside the two prefixes, whoever asks: a stray key would escape the closed/ lifecycle.
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: "DenyWritesOutsideDocumentPrefixes",
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ["s3:PutObject"],
        notResources: Object.values(DOCUMENT_PREFIXES).map((prefix) => this.bucket.arnForObjects(`${prefix}*`)),
      }),
    );
  }

  /**
   * What a route's function may do with the documents (DOCUMENT_RIGHTS), on the objects under kyc/ and the key, and
   * the bucket's name in DOCUMENTS_BUCKET.
   */
  grantTo(fn: IGrantable & IConstruct & { addEnvironment(name: string, value: string): unknown }, use: DocumentsUse) {
    const rights = DOCUMENT_RIGHTS[use];
    const documents = this.bucket.arnForObjects(`${DOCUMENT_PREFIXES.open}*`);
    fn.addEnvironment("DOCUMENTS_BUCKET", this.bucket.bucketName);
    fn.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: rights.s3, resources: [documents] }));
    fn.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: rights.kms, resources: [this.key.keyArn] }));
    acknowledge(
      fn,
      "Document keys are made per account and attempt (kyc/<userId>/<attempt>/<file>) when a form is presigned: the " +
        "wildcard covers the open accounts' documents of this one bucket, never closed/",
      `AwsSolutions-IAM5[Resource::${arnToken(this.bucket)}/${DOCUMENT_PREFIXES.open}*]`,
    );
  }
}
