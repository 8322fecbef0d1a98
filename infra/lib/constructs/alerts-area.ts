import { join } from "node:path";
import { Duration, type NestedStackProps } from "aws-cdk-lib";
import { ComparisonOperator, GraphWidget, type IMetric, type IWidget } from "aws-cdk-lib/aws-cloudwatch";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { keys, OUTBOX_PREFIX } from "../../../functions/src/kernel/dynamo/keys.js";
import { acknowledge } from "../nag.js";
import { repoPaths } from "../paths.js";
import { EVENT_PARTITIONS } from "../route-partitions.js";
import { AppFunction, type FunctionOperations } from "./app-function.js";
import type { StageAlarms } from "./monitoring.js";
import { RouteAreaStack } from "./route-area.js";

/**
 * A money alert's outbox item, as the stream filter matches it: by its keys, all a KEYS_ONLY stream carries
 * (keys.outboxEvent: PK `OUTBOX#<eventId>`, SK `OUTBOX`).
 */
export const OUTBOX_KEYS = { partitionPrefix: OUTBOX_PREFIX, sortKey: keys.outboxEvent("").SK } as const;

/**
 * Hourly on the 1st and 2nd of each month, 07:00 to 23:00 in Nairobi (UTC+3, no daylight saving): each run mails the
 * statements it has time for and the next one goes on.
 */
export const MONTHLY_STATEMENTS_SCHEDULE = "cron(0 4-20 1,2 * ? *)";

export interface AlertsAreaProps extends NestedStackProps {
  readonly table: ITableV2;
  /** Africa's Talking's API key: read by the sender here and the outbox sweep (constructs/scheduled-jobs.ts) only. */
  readonly smsApiKey: ISecret;
  /** SMS_BASE_URL, SMS_USERNAME and, when set, SMS_SENDER_ID. */
  readonly smsEnvironment: Readonly<Record<string, string>>;
  /** MAILER, MAIL_FROM and WEB_ORIGIN, as every function that mails gets them. */
  readonly mailEnvironment: Readonly<Record<string, string>>;
  /** Lets a function send through SES as the stage's sender (nothing where the stage has none). */
  readonly grantMail: (fn: AppFunction) => void;
  readonly operations: FunctionOperations;
  /** `JengaFund-Prod`: names the schedule, as the runbook spells it. */
  readonly namePrefix: string;
}

/**
 * The "alerts" area (issue 23): the statement, notification-preference and chart routes that name it, the sender of
 * money alerts (SMS and e-mail) fed by the table's stream, and the monthly statement job on its schedule.
 */
export class AlertsArea extends RouteAreaStack {
  readonly sender: AppFunction;
  readonly notificationFailures: Queue;
  readonly monthlyStatements: AppFunction;
  readonly monthlyStatementsSchedule: Rule;

  constructor(scope: Construct, id: string, props: AlertsAreaProps) {
    super(scope, id, "alerts", {
      ...props,
      description: "JengaFund functions of the alerts area: statements, notifications and charts",
    });

    // The sender: outbox items arrive through the table's stream seconds after their money move committed.
    this.sender = new AppFunction(this, "SendNotifications", {
      entry: join(repoPaths.eventHandlers, "send-notifications.ts"),
      description: "Sends money alerts (SMS and e-mail) for new outbox items from the table's stream",
      table: props.table,
      data: "write",
      partitions: EVENT_PARTITIONS["send-notifications"],
      secrets: { SMS_API_KEY_ARN: props.smsApiKey },
      environment: { ...props.smsEnvironment, ...props.mailEnvironment },
      // Ten records a batch, each an SMS and an e-mail of a few seconds at most.
      timeout: Duration.minutes(1),
      operations: props.operations,
    });
    props.grantMail(this.sender);
    this.notificationFailures = new Queue(this, "NotificationFailures", {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: props.operations.personalDataKey,
    });
    acknowledge(
      this.notificationFailures,
      "This queue is itself where failed outbox records end up (the stream mapping's on-failure destination); its " +
        "messages wait 14 days for an operator, alarmed from the first one (docs/runbook.md)",
      "AwsSolutions-SQS3",
      "Serverless-SQSRedrivePolicy",
    );
    this.sender.addEventSource(
      new DynamoEventSource(props.table, {
        // From the stream's start (24 hours): an outbox item written before the mapping existed is still sent.
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        // Records the handler names as failed are retried alone; a failing batch is halved until the culprit is found.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.notificationFailures),
        // Only new outbox items: every other write to the table never invokes the sender.
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual("INSERT"),
            dynamodb: {
              Keys: {
                PK: { S: FilterRule.beginsWith(OUTBOX_KEYS.partitionPrefix) },
                SK: { S: FilterRule.isEqual(OUTBOX_KEYS.sortKey) },
              },
            },
          }),
        ],
      }),
    );
    acknowledge(
      this.sender,
      "Its stream records have an on-failure destination (the NotificationFailures queue), and the outbox sweep " +
        "job sends whatever is still pending in the outbox; there is no asynchronous invocation to keep",
      "Serverless-LambdaDLQ",
    );
    this.watch("send-notifications", this.sender);

    // The monthly job: it reads the ledger, claims a marker per account and month, and mails each statement.
    this.monthlyStatements = new AppFunction(this, "SendMonthlyStatements", {
      entry: join(repoPaths.eventHandlers, "send-monthly-statements.ts"),
      description: "Mails each account with activity last month its statement (PDF)",
      table: props.table,
      data: "write",
      environment: props.mailEnvironment,
      // Lambda's longest: the job stops taking accounts a minute before the end, and the next run goes on.
      timeout: Duration.minutes(15),
      // PDFs: memory also buys CPU.
      memorySize: 1024,
      operations: props.operations,
    });
    props.grantMail(this.monthlyStatements);
    this.monthlyStatementsSchedule = new Rule(this, "SendMonthlyStatementsSchedule", {
      ruleName: `${props.namePrefix}-MonthlyStatements`,
      schedule: Schedule.expression(MONTHLY_STATEMENTS_SCHEDULE),
      targets: [new LambdaFunction(this.monthlyStatements, { retryAttempts: 0 })],
    });
    const nextRunGoesOn =
      "Each run takes the accounts whose statement is not yet sent, so a run that is not delivered or fails is made " +
      "up by the next one an hour later; failures raise the function's Errors alarm, and accounts still waiting the " +
      "StatementsPending alarm";
    acknowledge(this.monthlyStatementsSchedule, nextRunGoesOn, "Serverless-EventBusDLQ");
    acknowledge(this.monthlyStatements, nextRunGoesOn, "Serverless-LambdaDLQ");
    this.watch("send-monthly-statements", this.monthlyStatements);
  }

  protected override areaMonitoring(alarms: StageAlarms): IWidget[] {
    const sum = (name: Parameters<StageAlarms["businessMetric"]>[0]) => alarms.businessMetric(name);
    alarms.alarm("NotificationsFailed", "notifications-failed", {
      metric: alarms.businessMetric("NotificationsFailed", "Sum", Duration.minutes(15)),
      threshold: 5,
      description: "Five or more money alerts (SMS or e-mail) could not be sent in 15 minutes",
    });
    alarms.alarm("NotificationsUncertain", "notifications-uncertain", {
      metric: sum("NotificationsUncertain"),
      threshold: 1,
      description:
        "An alert's send timed out after the request left: it may or may not have arrived, and is not resent",
    });
    alarms.alarm("OutboxStuck", "outbox-stuck", {
      // A gauge each outbox sweep reports: the highest value in the window is the current backlog.
      metric: alarms.businessMetric("OutboxStuck", "Maximum"),
      threshold: 1,
      description: "Money alerts have waited more than 15 minutes in the outbox",
    });
    alarms.alarm("NotificationFailures", "notification-failures", {
      metric: this.notificationFailures.metricApproximateNumberOfMessagesVisible({
        statistic: "Maximum",
        period: Duration.minutes(5),
      }),
      threshold: 1,
      description: "The sender failed on outbox records after its retries; they wait in the on-failure queue",
    });
    alarms.alarm("StatementsFailed", "statements-failed", {
      metric: sum("StatementsFailed"),
      threshold: 1,
      description: "A monthly statement could not be built or mailed",
    });
    alarms.alarm("StatementsPending", "statements-pending", {
      // A gauge each hourly run reports as it stops. Pending after every run of a whole day (17 hourly runs) means
      // the two days of runs will not get through the month: a big first day on its own never raises it.
      metric: alarms.businessMetric("StatementsPending", "Maximum", Duration.hours(1)),
      threshold: 1,
      evaluationPeriods: 24,
      datapointsToAlarm: 17,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      description: "Monthly statements were still waiting after a whole day of the job's hourly runs",
    });
    const graph = (title: string, left: IMetric[]) => new GraphWidget({ title, left, width: 8, height: 6 });
    return [
      graph("Money alerts", [
        sum("NotificationsSent"),
        sum("NotificationsFailed"),
        sum("NotificationsUncertain"),
        alarms.businessMetric("OutboxStuck", "Maximum"),
      ]),
      graph("Outbox records the sender gave up on", [
        this.notificationFailures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      ]),
      graph("Monthly statements", [
        sum("StatementsSent"),
        sum("StatementsFailed"),
        alarms.businessMetric("StatementsPending", "Maximum"),
      ]),
    ];
  }
}
