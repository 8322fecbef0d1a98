import { Duration } from "aws-cdk-lib";
import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  type IWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import { type ITopic, Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import type { Stage } from "../deploy-settings.js";
import { acknowledge } from "../nag.js";
import { type BusinessMetric, METRICS_NAMESPACE, SERVICE_NAME } from "../observability.js";

/** A function to watch, by the name the alarms and the runbook use for it (its handler file's name). */
export interface MonitoredFunction {
  readonly name: string;
  readonly fn: IFunction;
}

/**
 * Functions deployed in a nested stack of their own (constructs/route-area.ts): their alarms live there too, raised to
 * the stage's one topic, while the dashboard keeps showing them beside the rest.
 */
export interface MonitoredArea {
  readonly functions: readonly MonitoredFunction[];
  /** Raises the area's alarms in its own stack; what it returns joins the dashboard (its alarms, its graphs). */
  monitor(stage: AlarmTarget): { readonly alarms: readonly Alarm[]; readonly widgets: readonly IWidget[] };
}

/** What every alarm of a stage shares, in whichever stack it lives: its name's prefix, its topic, its metrics' stage. */
export interface AlarmTarget {
  readonly namePrefix: string;
  readonly stage: Stage;
  readonly topic: ITopic;
}

export interface AlarmOptions {
  readonly metric: IMetric;
  readonly threshold: number;
  readonly description: string;
  readonly comparisonOperator?: ComparisonOperator;
  readonly treatMissingData?: TreatMissingData;
  /** Periods looked at, default 1; and how many of them must breach, default all. */
  readonly evaluationPeriods?: number;
  readonly datapointsToAlarm?: number;
}

export interface MonitoringProps {
  readonly stage: Stage;
  /** `JengaFund-Prod`: alarm names start with it, so a notification says which stage it is about. */
  readonly namePrefix: string;
  readonly alarmEmail?: string;
  readonly httpApi: IHttpApi;
  /**
   * Every function of the API stack itself: each gets an Errors alarm; throttles are watched per function for the
   * payment path (OWN_THROTTLE_ALARMS) and in groups of up to ten for the rest (THROTTLE_GROUP_SIZE).
   */
  readonly functions: readonly MonitoredFunction[];
  /** The nested stacks of functions, which raise their own alarms (the same kinds) to the topic created here. */
  readonly areas?: readonly MonitoredArea[];
  readonly settle: IFunction;
  readonly paymentsBusName: string;
  /** The payments bus rule that delivers callbacks to the settle function. */
  readonly settleRuleName: string;
  /** Where EventBridge puts a callback it could not deliver to the settle function. */
  readonly settleDeadLetters: IQueue;
  /** Where Lambda puts a callback the settle function failed on after its retries. */
  readonly settleFailures: IQueue;
  readonly callbacksRejectedAlarmThreshold: number;
  /** KES of solo admin credits in an hour that raise the SoloCredits alarm. */
  readonly soloCreditsAlarmKes: number;
  /** KES by which an hour's real-money rewards may exceed that hour's deposits before RewardsOutpaceDeposits. */
  readonly rewardsOverDepositsAlarmKes: number;
}

/** Where each alarm is explained; the infra tests check that every anchor exists in docs/runbook.md. */
export const RUNBOOK = "docs/runbook.md";

const FIVE_MINUTES = Duration.minutes(5);

/**
 * The functions whose throttles have an alarm of their own: the callback ingest and the settle function run on
 * reserved concurrency, so a throttle there is theirs alone; the reconciliation jobs are what find a lost payment,
 * and the outbox sweep what sends an alert the stream's sender did not.
 */
export const OWN_THROTTLE_ALARMS: readonly string[] = [
  "receive-daraja-callback",
  "settle-mpesa-result",
  "reconcile-stk-deposits",
  "reconcile-payouts",
  "pull-paybill-transactions",
  "check-waiting-paybill-payments",
  "sweep-outbox",
];

/**
 * The other functions share the account's concurrency pool, so a throttle among them is one problem with one fix
 * (docs/runbook.md#function-throttles). They are watched in groups summed by metric math, which CloudWatch allows over
 * at most ten metrics an alarm: one alarm per function would cost a resource per route in a stack that CloudFormation
 * caps at 500.
 */
export const THROTTLE_GROUP_SIZE = 10;

/**
 * The on-call view of a stage (design.md §10): alarms to one SNS topic, e-mailed to `alarmEmail`, and a dashboard of
 * the money flows. Business alarms watch the functions' EMF metrics (namespace JengaFund, dimensions service and
 * stage); counts treat missing data as "nothing happened", which for them is the truth.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  /** Every alarm of the stage, the areas' included. */
  readonly alarms: readonly Alarm[];
  readonly dashboard: Dashboard;
  private readonly props: MonitoringProps;
  private readonly raised: StageAlarms;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.props = props;

    this.topic = new Topic(this, "AlarmTopic", {
      displayName: `${props.namePrefix} alarms`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    acknowledge(
      this.topic,
      "Alarm e-mails SNS cannot deliver show in the topic's NumberOfNotificationsFailed metric, and every alarm " +
        "stays visible in CloudWatch and on the dashboard; a dead-letter queue of undelivered alarm e-mails would " +
        "itself need someone watching it",
      "Serverless-SNSRedrivePolicy",
    );

    this.raised = new StageAlarms(this, { namePrefix: props.namePrefix, stage: props.stage, topic: this.topic });
    this.apiAlarms();
    this.paymentAlarms();
    this.adjustmentAlarms();
    this.noticeAlarms();
    this.raised.functionAlarms(props.functions);
    const areas = (props.areas ?? []).map((area) => area.monitor(this.raised.target));
    this.alarms = [...this.raised.alarms, ...areas.flatMap((area) => area.alarms)];
    this.dashboard = this.buildDashboard(
      [...props.functions, ...(props.areas ?? []).flatMap((area) => area.functions)],
      areas.flatMap((area) => area.widgets),
    );
  }

  /** A business metric of this stage, as the functions emit it. */
  businessMetric(name: BusinessMetric, statistic = "Sum", period = FIVE_MINUTES): Metric {
    return this.raised.businessMetric(name, statistic, period);
  }

  private apiAlarms(): void {
    const { httpApi } = this.props;
    const rate = new MathExpression({
      // Below 20 requests in five minutes a single failure is no "rate"; the function alarms still see crashes.
      expression: "IF(requests >= 20, 100 * errors / requests, 0)",
      usingMetrics: {
        errors: httpApi.metricServerError({ statistic: "Sum", period: FIVE_MINUTES }),
        requests: httpApi.metricCount({ statistic: "Sum", period: FIVE_MINUTES }),
      },
      label: "5xx % of requests",
      period: FIVE_MINUTES,
    });
    this.alarm("Api5xxRate", "api-5xx-rate", {
      metric: rate,
      threshold: 5,
      description: "More than 5% of API requests answered 5xx over five minutes",
    });
  }

  private paymentAlarms(): void {
    const { settle, settleDeadLetters, settleFailures, settleRuleName, paymentsBusName } = this.props;
    this.alarm("SettleDeadLetters", "settle-dead-letters", {
      metric: settleDeadLetters.metricApproximateNumberOfMessagesVisible({
        statistic: "Maximum",
        period: FIVE_MINUTES,
      }),
      threshold: 1,
      description: "EventBridge could not deliver an M-Pesa callback to the settle function; it waits in the DLQ",
    });
    this.alarm("SettleFailed", "settle-failed", {
      metric: settleFailures.metricApproximateNumberOfMessagesVisible({ statistic: "Maximum", period: FIVE_MINUTES }),
      threshold: 1,
      description:
        "The settle function failed on an M-Pesa callback after its retries; it waits in the on-failure queue",
    });
    // Rules on a custom bus report their metrics with both the bus and the rule name as dimensions. Both names are
    // literals, so the dimensions do not depend on what CloudFormation's Ref of a rule on a custom bus returns.
    const ruleMetric = (metricName: string) =>
      new Metric({
        namespace: "AWS/Events",
        metricName,
        dimensionsMap: { EventBusName: paymentsBusName, RuleName: settleRuleName },
        statistic: "Sum",
        period: FIVE_MINUTES,
      });
    this.alarm("SettleEventsLost", "settle-events-lost", {
      metric: new MathExpression({
        expression: "FILL(notQueued, 0) + FILL(failed, 0) + FILL(noDestination, 0)",
        usingMetrics: {
          notQueued: ruleMetric("InvocationsFailedToBeSentToDlq"),
          failed: ruleMetric("FailedInvocations"),
          noDestination: settle.metric("DestinationDeliveryFailures", { statistic: "Sum", period: FIVE_MINUTES }),
        },
        label: "callbacks neither settled nor queued",
        period: FIVE_MINUTES,
      }),
      threshold: 1,
      description: "An M-Pesa callback was neither settled nor kept in a queue: replay it from the payments archive",
    });

    this.alarm("ReconciliationErrors", "reconciliation-errors", {
      metric: this.businessMetric("ReconciliationErrors"),
      threshold: 1,
      description: "A reconciliation run could not check or settle a pending deposit, payout or Paybill payment",
    });
    this.alarm("StuckPayouts", "stuck-payouts", {
      // A gauge each run reports: the highest value in the window is the current backlog.
      metric: this.businessMetric("StuckPayouts", "Maximum"),
      threshold: 1,
      description: "A payout has been approved for 30 minutes without an M-Pesa result",
    });
    this.alarm("StaleDeposits", "stale-deposits", {
      metric: this.businessMetric("StaleDeposits", "Maximum"),
      threshold: 1,
      description: "Deposits are still pending past the age reconciliation asks Daraja about; someone must check them",
    });
    this.alarm("UnmatchedPaymentsStale", "unmatched-payments-stale", {
      // A gauge each reconciliation run reports, like StaleDeposits.
      metric: this.businessMetric("UnmatchedPaymentsStale", "Maximum"),
      threshold: 1,
      description: "A Paybill payment has been unmatched for more than a day; an admin must assign or return it",
    });
    this.alarm("PayoutPaidAfterRefund", "paid-after-refund", {
      metric: this.businessMetric("PayoutPaidAfterRefund"),
      threshold: 1,
      description: "M-Pesa paid a payout that had already been refunded; the user holds the amount twice",
    });
    this.alarm("AmountMismatches", "amount-mismatches", {
      metric: this.businessMetric("AmountMismatches"),
      threshold: 1,
      description: "M-Pesa reported a payment whose amount differs from what we asked for; nothing was credited",
    });
    this.alarm("ReceiptConflict", "receipt-conflict", {
      metric: this.businessMetric("ReceiptConflict"),
      threshold: 1,
      description:
        "A Paybill receipt came again with another amount, account or business number; nothing was credited, an admin must look",
    });
    this.alarm("ReceiptMismatch", "receipt-mismatch", {
      metric: this.businessMetric("ReceiptMismatch"),
      threshold: 1,
      description:
        "A Paybill payment disagrees with M-Pesa's record (another amount, or none after two hours); it is on the Unmatched tab",
    });
    this.alarm("CallbacksRejected", "callbacks-rejected", {
      metric: this.businessMetric("CallbacksRejected"),
      threshold: this.props.callbacksRejectedAlarmThreshold,
      description: `${this.props.callbacksRejectedAlarmThreshold} or more M-Pesa callbacks refused in five minutes`,
    });
  }

  /**
   * DepositsCredited by channel: Paybill credits are also counted in a series with `reason: paybill`
   * (services/paybill.ts), so STK is the total less Paybill.
   */
  private depositsByChannel(): IMetric[] {
    const credited = this.businessMetric("DepositsCredited");
    const paybill = new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: "DepositsCredited",
      dimensionsMap: { service: SERVICE_NAME, stage: this.props.stage, reason: "paybill" },
      statistic: "Sum",
      period: FIVE_MINUTES,
    });
    return [
      new MathExpression({
        expression: "FILL(credited, 0) - FILL(paybill, 0)",
        usingMetrics: { credited, paybill },
        label: "STK push",
        period: FIVE_MINUTES,
      }),
      new MathExpression({
        expression: "FILL(paybillOnly, 0)",
        usingMetrics: { paybillOnly: paybill },
        label: "Paybill",
        period: FIVE_MINUTES,
      }),
    ];
  }

  /** An admin adjustment series (design.md §12.1): by direction, and whether one admin alone or two moved it. */
  adjustmentMetric(
    name: "BalanceAdjusted" | "BalanceAdjustedKes",
    direction: "credit" | "debit",
    approval: "solo" | "approved",
    period = FIVE_MINUTES,
  ): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: name,
      dimensionsMap: { service: SERVICE_NAME, stage: this.props.stage, direction, approval },
      statistic: "Sum",
      period,
    });
  }

  /** Admin credits of one admin's word alone: the money a stolen admin login could create. */
  soloCreditsMetric(): Metric {
    return this.adjustmentMetric("BalanceAdjustedKes", "credit", "solo", Duration.hours(1));
  }

  private adjustmentAlarms(): void {
    const threshold = this.props.soloCreditsAlarmKes;
    this.alarm("SoloCredits", "solo-credits", {
      metric: this.soloCreditsMetric(),
      threshold,
      description: `Admins credited KES ${threshold.toLocaleString("en-KE")} or more without a second admin in an hour`,
    });
    // A package's rate set to mint money (design.md §13.1) shows as rewards that no deposits pay for.
    const over = this.props.rewardsOverDepositsAlarmKes;
    this.alarm("RewardsOutpaceDeposits", "rewards-outpace-deposits", {
      metric: new MathExpression({
        expression: "FILL(rewards, 0) - FILL(deposits, 0)",
        usingMetrics: {
          rewards: this.businessMetric("RewardsPaidKes", "Sum", Duration.hours(1)),
          deposits: this.businessMetric("DepositsCreditedKes", "Sum", Duration.hours(1)),
        },
        label: "KES of rewards paid beyond the deposits credited, an hour",
        period: Duration.hours(1),
      }),
      threshold: over,
      description: `Daily rewards paid in an hour exceeded that hour's deposits by KES ${over.toLocaleString("en-KE")} or more`,
    });
  }

  /** Owners not told of what happens on their accounts (design.md §12.2): mail is failing, or misconfigured. */
  private noticeAlarms(): void {
    this.alarm("SecurityNoticesFailed", "security-notices-failed", {
      metric: this.businessMetric("SecurityNoticesFailed"),
      threshold: 1,
      description: "A security notice (withdrawal, payout, password, two-factor, sign-in) could not be mailed",
    });
  }

  private alarm(suffix: string, runbookAnchor: string, options: AlarmOptions): Alarm {
    return this.raised.alarm(suffix, runbookAnchor, options);
  }

  private buildDashboard(functions: readonly MonitoredFunction[], areaWidgets: readonly IWidget[]): Dashboard {
    const { namePrefix, httpApi } = this.props;
    const graph = (title: string, left: IMetric[], width = 8) => new GraphWidget({ title, left, width, height: 6 });
    const sum = (name: BusinessMetric) => this.businessMetric(name);

    // Ids must differ between the expressions that share a graph: `errors0`, `throttles0`, …
    const totalOf = (id: string, metric: (fn: IFunction) => IMetric, label: string) =>
      new MathExpression({
        expression: functions.map((_, i) => `FILL(${id}${i}, 0)`).join(" + "),
        usingMetrics: Object.fromEntries(functions.map(({ fn }, i) => [`${id}${i}`, metric(fn)])),
        label,
        period: FIVE_MINUTES,
      });

    const dashboard = new Dashboard(this, "Dashboard", {
      dashboardName: namePrefix,
      defaultInterval: Duration.hours(24),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${namePrefix}: money flows\nSums per five minutes. Each alarm's description links its runbook entry (${RUNBOOK}).`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      graph("Deposits", [sum("DepositsStarted"), sum("DepositsCredited"), sum("DepositsFailed")]),
      graph("Deposits credited by channel", this.depositsByChannel()),
      graph("Payouts and refunds", [sum("PayoutsCompleted"), sum("PayoutsRefunded"), sum("PayoutPaidAfterRefund")]),
      graph("Admin credits without a second admin (KES an hour)", [this.soloCreditsMetric()]),
      graph("Rewards paid and deposits credited (KES an hour)", [
        this.businessMetric("RewardsPaidKes", "Sum", Duration.hours(1)),
        this.businessMetric("DepositsCreditedKes", "Sum", Duration.hours(1)),
      ]),
      graph(
        "Admin adjustments",
        (["credit", "debit"] as const).flatMap((direction) =>
          (["solo", "approved"] as const).map((approval) =>
            this.adjustmentMetric("BalanceAdjusted", direction, approval).with({ label: `${direction}, ${approval}` }),
          ),
        ),
      ),
      graph("Waiting on an operator (per reconciliation run)", [
        this.businessMetric("StuckPayouts", "Maximum"),
        this.businessMetric("StaleDeposits", "Maximum"),
        this.businessMetric("UnmatchedPaymentsStale", "Maximum"),
      ]),
    );
    dashboard.addWidgets(
      graph("Callbacks refused", [
        sum("CallbacksRejected"),
        sum("AmountMismatches"),
        sum("DuplicateReceipts"),
        sum("ReceiptConflict"),
        sum("ReceiptMismatch"),
      ]),
      graph("Abuse limits", [
        sum("LoginsThrottled"),
        sum("ReferralCodeChecksThrottled"),
        sum("StkPromptsRefused"),
        sum("PasswordResetsThrottled"),
        sum("ReadsThrottled"),
        // Paybill payments kept for an admin: past an unverified account's deposit limit (design.md §13.5).
        sum("KycLimitPayments"),
      ]),
      graph("Emails not sent", [sum("NotificationsFailed"), sum("SecurityNoticesFailed")]),
      graph("Reconciliation", [sum("ReconciliationFound"), sum("ReconciliationErrors")]),
      // What browsers say the site's CSP blocked: a rise after a release is our own page breaking; one without a
      // release may be an injection attempt (docs/adr/0017-backups-keys-and-headers.md).
      graph("Content-Security-Policy violations reported", [sum("CspViolations")]),
    );
    dashboard.addWidgets(
      graph("API requests and errors", [
        httpApi.metricCount({ statistic: "Sum", period: FIVE_MINUTES }),
        httpApi.metricClientError({ statistic: "Sum", period: FIVE_MINUTES }),
        httpApi.metricServerError({ statistic: "Sum", period: FIVE_MINUTES }),
      ]),
      graph("API latency (p90)", [httpApi.metricLatency({ statistic: "p90", period: FIVE_MINUTES })]),
      graph("Function errors and throttles (all functions)", [
        totalOf("errors", (fn) => fn.metricErrors({ statistic: "Sum", period: FIVE_MINUTES }), "Errors"),
        totalOf("throttles", (fn) => fn.metricThrottles({ statistic: "Sum", period: FIVE_MINUTES }), "Throttles"),
      ]),
    );
    dashboard.addWidgets(
      graph(
        "Callbacks waiting in the settle queues",
        [
          this.props.settleDeadLetters.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES }),
          this.props.settleFailures.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES }),
        ],
        8,
      ),
      new AlarmStatusWidget({ title: "Alarms", alarms: [...this.alarms], width: 16, height: 6 }),
    );
    if (areaWidgets.length > 0) dashboard.addWidgets(...areaWidgets);
    return dashboard;
  }
}

/**
 * Alarms of one stage created in one scope (the API stack's Monitoring, or an area's nested stack): each named
 * `<prefix>-<suffix>`, its description ending with its runbook entry, raised and cleared to the stage's topic.
 */
export class StageAlarms {
  readonly alarms: Alarm[] = [];

  constructor(
    private readonly scope: Construct,
    readonly target: AlarmTarget,
  ) {}

  /** A business metric of the stage, as the functions emit it. */
  businessMetric(name: BusinessMetric, statistic = "Sum", period = FIVE_MINUTES): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: name,
      dimensionsMap: { service: SERVICE_NAME, stage: this.target.stage },
      statistic,
      period,
    });
  }

  alarm(suffix: string, runbookAnchor: string, options: AlarmOptions): Alarm {
    const alarm = new Alarm(this.scope, suffix, {
      alarmName: `${this.target.namePrefix}-${suffix}`,
      alarmDescription: `${options.description}. What to do: ${RUNBOOK}#${runbookAnchor}`,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      treatMissingData: options.treatMissingData ?? TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.target.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }

  /**
   * Each function's Errors alarm, and its throttles: alone for the payment path (OWN_THROTTLE_ALARMS), else in sums of
   * up to ten named `Throttles-<group>-<n>` (the API stack's group is `shared`, an area's its own name).
   */
  functionAlarms(functions: readonly MonitoredFunction[], group = "shared"): void {
    for (const { name, fn } of functions) this.errorAlarm(name, fn);
    this.throttleAlarms(functions, group);
  }

  private errorAlarm(name: string, fn: IFunction): void {
    this.alarm(`Errors-${name}`, "function-errors", {
      metric: fn.metricErrors({ statistic: "Sum", period: FIVE_MINUTES }),
      threshold: 1,
      description: `The ${name} function failed (an uncaught error, a timeout or running out of memory)`,
    });
  }

  private throttleAlarms(functions: readonly MonitoredFunction[], groupName: string): void {
    const throttles = (fn: IFunction) => fn.metricThrottles({ statistic: "Sum", period: FIVE_MINUTES });
    const shared: MonitoredFunction[] = [];
    for (const watched of functions) {
      if (!OWN_THROTTLE_ALARMS.includes(watched.name)) {
        shared.push(watched);
        continue;
      }
      this.alarm(`Throttles-${watched.name}`, "function-throttles", {
        metric: throttles(watched.fn),
        threshold: 1,
        description: `The ${watched.name} function was throttled: a request or event was refused for lack of concurrency`,
      });
    }
    for (let start = 0; start < shared.length; start += THROTTLE_GROUP_SIZE) {
      const group = shared.slice(start, start + THROTTLE_GROUP_SIZE);
      const usingMetrics = Object.fromEntries(group.map(({ fn }, index) => [`t${index}`, throttles(fn)]));
      this.alarm(`Throttles-${groupName}-${start / THROTTLE_GROUP_SIZE + 1}`, "function-throttles", {
        // A function with no throttles has no data points: FILL makes it count as 0 beside one that has.
        metric: new MathExpression({ expression: "SUM(FILL(METRICS(), 0))", usingMetrics, period: FIVE_MINUTES }),
        threshold: 1,
        description:
          `One of ${group.map(({ name }) => name).join(", ")} was throttled: a request was refused for lack of ` +
          "concurrency in the account's shared pool",
      });
    }
  }
}
