import { CfnOutput, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import {
  AttributeType,
  Billing,
  ProjectionType,
  StreamViewType,
  TableEncryptionV2,
  TableV2,
} from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { tableKeySchema } from "../../functions/src/kernel/dynamo/table-schema.js";
import { IdentityDocuments } from "./constructs/identity-documents.js";
import { TableBackups } from "./constructs/table-backups.js";
import { acknowledge } from "./nag.js";

/** One secret per value, so that adding a credential later never rewrites the ones an operator has already set. */
export interface DarajaSecrets {
  readonly consumerKey: Secret;
  readonly consumerSecret: Secret;
  readonly passkey: Secret;
  readonly initiatorCredential: Secret;
  /** Our own secret: the token in the callback paths we register with Daraja. */
  readonly callbackToken: Secret;
}

export interface DataStackProps extends StackProps {
  /** The site's https origin, where the browser uploads identity documents from (`webOrigin`). */
  readonly siteOrigin?: string;
  /** Locks the backup vault (prod): see TableBackups. */
  readonly lockBackupVault?: boolean;
}

/**
 * Everything that holds state: the table, the secrets and the identity documents. All of it is retained when the stack is deleted, so the
 * stateless API and web stacks can be destroyed and recreated without touching money or credentials.
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly jwtSecret: Secret;
  /** CloudFront's proof of origin: the value it adds as `x-origin-verify` on /api/* (design.md §9, "one way in"). */
  readonly originSecret: Secret;
  readonly daraja: DarajaSecrets;
  /** Africa's Talking's API key, for the money alerts sent by SMS. */
  readonly smsApiKey: Secret;
  /** The identity documents' bucket and key (design.md §13.5). */
  readonly documents: IdentityDocuments;
  /**
   * Our own key for the personal data at rest outside the documents: the table, its backups, the callback archive,
   * the failure queues and the function and access logs (docs/adr/0017-backups-keys-and-headers.md).
   */
  readonly personalDataKey: Key;
  readonly backups: TableBackups;

  constructor(scope: Construct, id: string, props: DataStackProps = {}) {
    super(scope, id, props);

    this.personalDataKey = this.createPersonalDataKey();

    const { partitionKey, sortKey, gsis, ttlAttribute } = tableKeySchema;
    this.table = new TableV2(this, "Table", {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: gsis.map((gsi) => ({
        indexName: gsi.name,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      })),
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.customerManagedKey(this.personalDataKey),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: 35 },
      timeToLiveAttribute: ttlAttribute,
      // Keys only: the notification sender reads each new outbox item by its key, so no item's content (a user's,
      // with its balances) travels the stream (docs/adr/0016-credentials-apart.md); the stream is filtered down to the
      // outbox's inserts where it is consumed.
      dynamoStream: StreamViewType.KEYS_ONLY,
      // The ledger is the product: a stray `cdk destroy` or console click must not be able to drop it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.backups = new TableBackups(this, "Backups", {
      table: this.table,
      key: this.personalDataKey,
      lockVault: props.lockBackupVault ?? false,
    });

    this.jwtSecret = new Secret(this, "JwtSecret", {
      description:
        "JengaFund HS256 keys for session tokens: a plain key, or JSON with a current and a previous key " +
        "(see the runbook, Rotating the session signing key)",
      // 64 alphanumerics ≈ 380 bits, above the 256-bit floor for HS256; no punctuation, so it survives any quoting.
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.jwtSecret,
      "Not rotated on a schedule: rotated by hand with put-secret-value (the runbook's Rotating the session signing " +
        "key), the previous key still accepted for the 8 hours a session lasts, so nobody is signed out",
      "AwsSolutions-SMG4",
    );

    this.originSecret = new Secret(this, "OriginVerifySecret", {
      description:
        "JengaFund CloudFront-to-API origin header value (x-origin-verify); rotatable: put a new value, then redeploy " +
        "the web stack with -c originSecretVersionId=<its VersionId>",
      // It travels as an HTTP header value: alphanumerics only, 64 of them ≈ 380 bits.
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.originSecret,
      "Rotated by hand in two steps, because CloudFront only picks a new value up when the web stack is redeployed " +
        "with its version id (README, rotating the origin secret); an automatic rotation would refuse every request " +
        "until that deploy",
      "AwsSolutions-SMG4",
    );

    this.daraja = {
      consumerKey: this.darajaPlaceholder("DarajaConsumerKey", "Daraja app consumer key"),
      consumerSecret: this.darajaPlaceholder("DarajaConsumerSecret", "Daraja app consumer secret"),
      passkey: this.darajaPlaceholder("DarajaPasskey", "Daraja Lipa na M-Pesa Online passkey (STK push)"),
      initiatorCredential: this.darajaPlaceholder(
        "DarajaInitiatorCredential",
        "Daraja B2C SecurityCredential (initiator password encrypted with the Safaricom certificate)",
      ),
      callbackToken: new Secret(this, "MpesaCallbackToken", {
        description: "JengaFund secret path token in the M-Pesa callback URLs",
        // It travels in a URL path that Daraja silently refuses to call if it contains words like "exe", "cmd" or
        // "sql": lowercase hex (0-9, a-f) cannot spell any of them. 48 hex digits are 192 bits.
        generateSecretString: {
          passwordLength: 48,
          excludePunctuation: true,
          excludeUppercase: true,
          excludeCharacters: "ghijklmnopqrstuvwxyz",
        },
        removalPolicy: RemovalPolicy.RETAIN,
      }),
    };
    acknowledge(
      this.daraja.callbackToken,
      "The token is part of the callback URLs registered with every payment in flight; rotating it refuses those " +
        "payments' callbacks (reconciliation then finds them), so it is replaced by hand, at a quiet hour, if leaked",
      "AwsSolutions-SMG4",
    );

    this.smsApiKey = new Secret(this, "SmsApiKey", {
      description:
        "JengaFund Africa's Talking API key (money alerts by SMS); set the live application's key after the first deploy",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.smsApiKey,
      "Africa's Talking issues this key: it changes when a new one is generated in its dashboard, and an operator " +
        "puts it here then (docs/runbook.md, the SMS provider account)",
      "AwsSolutions-SMG4",
    );
    new CfnOutput(this, "SmsApiKeySecretArn", {
      value: this.smsApiKey.secretArn,
      description: "Africa's Talking API key (docs/runbook.md)",
    });

    this.documents = new IdentityDocuments(this, "IdentityDocuments", { siteOrigin: props.siteOrigin });

    new CfnOutput(this, "TableName", { value: this.table.tableName });
    new CfnOutput(this, "TableArn", { value: this.table.tableArn, description: "Restores (docs/runbook.md)" });
    new CfnOutput(this, "BackupVaultName", {
      value: this.backups.vault.backupVaultName,
      description: "The table's daily and monthly recovery points (docs/runbook.md, restore drill)",
    });
    new CfnOutput(this, "BackupRoleArn", {
      value: this.backups.role.roleArn,
      description: "The role a vault restore runs as (docs/runbook.md, restore drill)",
    });
    new CfnOutput(this, "PersonalDataKeyArn", { value: this.personalDataKey.keyArn });
    new CfnOutput(this, "DocumentsBucketName", {
      value: this.documents.bucket.bucketName,
      description: "Identity documents (KYC); docs/runbook.md says who may read them and how",
    });
    new CfnOutput(this, "MpesaCallbackTokenSecretArn", {
      value: this.daraja.callbackToken.secretArn,
      description: "The callback path token; rotating it is in docs/runbook.md",
    });
    new CfnOutput(this, "OriginVerifySecretArn", {
      value: this.originSecret.secretArn,
      description: "The x-origin-verify header value CloudFront sends to the API",
    });
  }

  /**
   * A symmetric key, rotated yearly by KMS, retained on every stage (a deleted key makes the table's backups
   * unreadable). IAM decides which functions use it (their table and queue grants); the key policy adds the services
   * that write with it on the account's behalf, each held to this account's own resources by its encryption context.
   */
  private createPersonalDataKey(): Key {
    const key = new Key(this, "PersonalDataKey", {
      description: "JengaFund personal data at rest: table, backups, callback archive, failure queues, logs",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const { region, account, partition } = this;
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: "CloudWatchLogsOfThisAccount",
        principals: [new ServicePrincipal(`logs.${region}.amazonaws.com`)],
        actions: ["kms:Encrypt*", "kms:Decrypt*", "kms:ReEncrypt*", "kms:GenerateDataKey*", "kms:Describe*"],
        resources: ["*"],
        conditions: {
          ArnLike: { "kms:EncryptionContext:aws:logs:arn": `arn:${partition}:logs:${region}:${account}:log-group:*` },
        },
      }),
    );
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: "EventBridgeArchivesOfThisAccount",
        principals: [new ServicePrincipal("events.amazonaws.com")],
        actions: ["kms:Decrypt", "kms:GenerateDataKey", "kms:ReEncrypt*"],
        resources: ["*"],
        conditions: {
          ArnLike: {
            "kms:EncryptionContext:aws:events:event-bus:arn": `arn:${partition}:events:${region}:${account}:event-bus/*`,
          },
        },
      }),
    );
    // EventBridge also delivers to the settle rule's dead-letter queue, an SQS queue under this key.
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: "EventBridgeToQueuesOfThisAccount",
        principals: [new ServicePrincipal("events.amazonaws.com")],
        actions: ["kms:Decrypt", "kms:GenerateDataKey"],
        resources: ["*"],
        conditions: {
          ArnLike: { "kms:EncryptionContext:aws:sqs:arn": `arn:${partition}:sqs:${region}:${account}:*` },
        },
      }),
    );
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: "EventBridgeDescribesTheKey",
        principals: [new ServicePrincipal("events.amazonaws.com")],
        actions: ["kms:DescribeKey"],
        resources: ["*"],
        conditions: { StringEquals: { "aws:SourceAccount": account } },
      }),
    );
    return key;
  }

  /**
   * Safaricom issues these values, so the stack can only create the secret; it starts with a random value and the
   * operator sets the real one with `aws secretsmanager put-secret-value` (ARN in the stack outputs).
   */
  private darajaPlaceholder(id: string, description: string): Secret {
    const secret = new Secret(this, id, {
      description: `${description}; set the real value after the first deploy`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      secret,
      "Safaricom issues this value: it changes when Daraja issues a new one, and an operator puts it here then",
      "AwsSolutions-SMG4",
    );
    new CfnOutput(this, `${id}SecretArn`, { value: secret.secretArn, description });
    return secret;
  }
}
