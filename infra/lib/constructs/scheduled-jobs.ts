import { join } from "node:path";
import { Duration, NestedStack, type NestedStackProps } from "aws-cdk-lib";
import { ComparisonOperator, GraphWidget, type IWidget, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import { acknowledge } from "../nag.js";
import { repoPaths } from "../paths.js";
import { AppFunction, type FunctionOperations } from "./app-function.js";
import { type AlarmTarget, type MonitoredArea, type MonitoredFunction, StageAlarms } from "./monitoring.js";

/** Every five minutes, from the deploy on. */
export const EVERY_FIVE_MINUTES = "rate(5 minutes)";
/** On the quarter hour (hh:00, :15, :30, :45 UTC): the runs the Paybill pull is made on (design.md §12.3). */
export const ON_THE_QUARTER_HOUR = "cron(0/15 * * * ? *)";

/** One scheduled job: a handler file of functions/src/handlers/events, its schedule and what it is given. */
export interface ScheduledJob {
  /** The handler file's name: the function's, its alarms' and the runbook's name for it. */
  readonly name: string;
  readonly description: string;
  /** The rule's schedule expression. */
  readonly schedule: typeof EVERY_FIVE_MINUTES | typeof ON_THE_QUARTER_HOUR;
  /** The secrets it reads, by the environment variable that names each: nothing more is granted. */
  readonly secrets?: Readonly<Record<string, ISecret>>;
  readonly environment?: Readonly<Record<string, string>>;
  /** Whether it sends mail (the outbox's e-mails): SES as the stage's sender, where there is one. */
  readonly mails?: boolean;
}

/** How long the schedule runs each job within: three periods without an invocation raise its NotRunning alarm. */
const PERIOD_OF: Readonly<Record<ScheduledJob["schedule"], Duration>> = {
  [EVERY_FIVE_MINUTES]: Duration.minutes(5),
  [ON_THE_QUARTER_HOUR]: Duration.minutes(15),
};

export interface ScheduledJobsProps extends NestedStackProps {
  readonly table: ITableV2;
  readonly operations: FunctionOperations;
  /** `JengaFund-Prod`: names each schedule rule, as the runbook spells it. */
  readonly namePrefix: string;
  /** Lets a function send through SES as the stage's sender (nothing where the stage has none). */
  readonly grantMail: (fn: AppFunction) => void;
  readonly jobs: readonly ScheduledJob[];
}

/**
 * The scheduled jobs (docs/runbook.md, "Scheduled jobs"): one function and one EventBridge schedule rule each, in a
 * nested stack of the API stack, which is near CloudFormation's resource cap. Each job starts from the table's
 * current state, so a run that is not delivered or fails is redone by the next; each has an Errors alarm and a
 * NotRunning alarm, raised to the stage's topic like every alarm.
 */
export class ScheduledJobs extends NestedStack implements MonitoredArea {
  readonly functions: MonitoredFunction[] = [];
  /** Each job's function, by its name. */
  readonly byName = new Map<string, AppFunction>();
  private readonly periods = new Map<string, Duration>();

  constructor(scope: Construct, id: string, props: ScheduledJobsProps) {
    super(scope, id, {
      ...props,
      description: "JengaFund scheduled jobs: reconciliation, the outbox sweep, statistics",
    });
    for (const job of props.jobs) {
      const period = PERIOD_OF[job.schedule];
      const fn = new AppFunction(this, pascalCase(job.name), {
        entry: join(repoPaths.eventHandlers, `${job.name}.ts`),
        description: job.description,
        table: props.table,
        data: "write",
        secrets: job.secrets,
        environment: job.environment,
        // Each run stops taking work 30 s before this, and the next run goes on.
        timeout: Duration.minutes(2),
        operations: props.operations,
      });
      if (job.mails) props.grantMail(fn);
      const schedule = new Rule(this, `${pascalCase(job.name)}Schedule`, {
        ruleName: `${props.namePrefix}-${pascalCase(job.name)}`,
        schedule: Schedule.expression(job.schedule),
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
      const nextRunRedoesIt =
        "Each run starts from the table's current state, so a run that is not delivered or fails is redone by the " +
        `next one ${period.toMinutes()} minutes later; failures raise the function's Errors alarm and a stopped ` +
        "schedule its NotRunning alarm";
      acknowledge(schedule, nextRunRedoesIt, "Serverless-EventBusDLQ");
      acknowledge(fn, nextRunRedoesIt, "Serverless-LambdaDLQ");
      this.functions.push({ name: job.name, fn });
      this.byName.set(job.name, fn);
      this.periods.set(job.name, period);
    }
  }

  /** A job's function; throws for a name that is not a job. */
  job(name: string): AppFunction {
    const fn = this.byName.get(name);
    if (!fn) throw new Error(`No scheduled job ${name}`);
    return fn;
  }

  monitor(target: AlarmTarget): { alarms: StageAlarms["alarms"]; widgets: IWidget[] } {
    const alarms = new StageAlarms(new Construct(this, "Monitoring"), target);
    alarms.functionAlarms(this.functions, "jobs");
    for (const { name, fn } of this.functions) {
      const period = this.periods.get(name) ?? Duration.minutes(5);
      const window = Duration.minutes(3 * period.toMinutes());
      alarms.alarm(`NotRunning-${name}`, "job-not-running", {
        metric: fn.metricInvocations({ statistic: "Sum", period: window }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
        // Silence is the symptom: a stopped schedule sends no data at all.
        treatMissingData: TreatMissingData.BREACHING,
        description: `The ${name} job has not run for ${window.toMinutes()} minutes though it is scheduled every ${period.toMinutes()}`,
      });
    }
    const widgets = [
      new GraphWidget({
        title: "Scheduled job runs",
        left: this.functions.map(({ name, fn }) =>
          fn.metricInvocations({ statistic: "Sum", period: Duration.minutes(15) }).with({ label: name }),
        ),
        width: 8,
        height: 6,
      }),
    ];
    return { alarms: alarms.alarms, widgets };
  }
}

/** `reconcile-stk-deposits` → `ReconcileStkDeposits`, a stable construct id (and so logical id) per handler file. */
function pascalCase(kebab: string): string {
  return kebab.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
