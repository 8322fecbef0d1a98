import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from "aws-cdk-lib/aws-backup";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Schedule } from "aws-cdk-lib/aws-events";
import { ManagedPolicy, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import type { IKey } from "aws-cdk-lib/aws-kms";
import { Construct } from "constructs";
import { acknowledge } from "../nag.js";

/**
 * How long each kind of recovery point is kept. Point-in-time recovery covers the last 35 days to the second; the
 * vault's daily points cover the same span apart from the table (a dropped or corrupted table, or PITR switched off),
 * and the monthly ones a year, for an answer about money long after the event.
 */
export const BACKUP_RETENTION = { dailyDays: 35, monthlyDays: 365 } as const;

/** Before the vault lock becomes permanent, it can still be removed or changed: AWS Backup's minimum, three days. */
export const VAULT_LOCK_GRACE = Duration.days(3);

export interface TableBackupsProps {
  readonly table: ITableV2;
  /** The vault's recovery points are encrypted with it (the table's own key). */
  readonly key: IKey;
  /**
   * Locks the vault (prod): once the grace period is over, no one, the account's root included, can delete a
   * recovery point before its retention ends or shorten the vault's limits.
   */
  readonly lockVault: boolean;
}

/**
 * The table's backups beyond point-in-time recovery (docs/adr/0017-backups-keys-and-headers.md): a daily and a monthly
 * recovery point in a vault of its own, encrypted with the table's key and retained when the stack is deleted.
 */
export class TableBackups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;
  /** The role AWS Backup takes to back the table up and to restore it (the runbook's restore drill names it). */
  readonly role: Role;

  constructor(scope: Construct, id: string, props: TableBackupsProps) {
    super(scope, id);

    this.vault = new BackupVault(this, "Vault", {
      encryptionKey: props.key,
      removalPolicy: RemovalPolicy.RETAIN,
      lockConfiguration: props.lockVault
        ? {
            minRetention: Duration.days(BACKUP_RETENTION.dailyDays),
            maxRetention: Duration.days(BACKUP_RETENTION.monthlyDays),
            changeableFor: VAULT_LOCK_GRACE,
          }
        : undefined,
    });

    this.plan = new BackupPlan(this, "Plan", {
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: "Daily",
          // 01:00 UTC, 04:00 in Nairobi: after the day's last statement and reconciliation runs.
          scheduleExpression: Schedule.cron({ hour: "1", minute: "0" }),
          deleteAfter: Duration.days(BACKUP_RETENTION.dailyDays),
        }),
        new BackupPlanRule({
          ruleName: "Monthly",
          scheduleExpression: Schedule.cron({ day: "1", hour: "2", minute: "0" }),
          deleteAfter: Duration.days(BACKUP_RETENTION.monthlyDays),
        }),
      ],
    });
    this.role = new Role(this, "Role", {
      description: "JengaFund: AWS Backup backs the table up and restores it with this role",
      assumedBy: new ServicePrincipal("backup.amazonaws.com"),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSBackupServiceRolePolicyForBackup"),
        ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSBackupServiceRolePolicyForRestores"),
      ],
    });
    // A restore writes a new table under the same key: the role may use it (by IAM, on this key only).
    props.key.grantEncryptDecrypt(this.role);
    this.plan.addSelection("Table", {
      resources: [BackupResource.fromArn(props.table.tableArn)],
      role: this.role,
    });
    acknowledge(
      this.role,
      "AWS Backup's own service-role policies (backup and restore), which AWS keeps current as the services it backs " +
        "up change; the plan's selection names the one table",
      "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]",
      "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores]",
    );
    acknowledge(
      this.role,
      "The table's key: backing up and restoring an encrypted table takes new data keys, which is what these KMS " +
        "action families are; the statement names that one key",
      "AwsSolutions-IAM5[Action::kms:GenerateDataKey*]",
      "AwsSolutions-IAM5[Action::kms:ReEncrypt*]",
    );
  }
}
