import type { Context } from "aws-lambda";
import { observeInvocation } from "../kernel/invocation.js";
import { log } from "../kernel/log.js";
import { metrics } from "../kernel/metrics.js";

/**
 * No check is started with less than this left before the function's timeout: one check can wait for a Daraja token,
 * the query itself (10 s each at most) and a write.
 */
export const STOP_MARGIN_MS = 30_000;

/** What a part of a run reports of itself, where it reports it. */
interface PartRun {
  readonly errors?: number;
  readonly stoppedEarly?: boolean;
}

export interface JobTools {
  /** Time left before the stop margin: each part stops taking work when it is gone. */
  readonly timeLeftMs: () => number;
  /** Runs one part; its failure is counted and logged, and the run goes on with the next part. */
  part<T>(name: string, work: () => Promise<T>): Promise<T | null>;
}

export interface JobOutcome<S> {
  /** The parts' results, by the keys the job's summary log line shows. */
  readonly summary: S;
  /** The parts whose own errors and early stop count toward the run's (null: the part failed, undefined: not run). */
  readonly counted: readonly (PartRun | null | undefined)[];
  /** Whether the run found anything to do: a run that did nothing logs nothing. */
  readonly didWork: boolean;
}

export type JobSummary<S> = S & { errors: number; failedParts: string[]; stoppedEarly: boolean };

/**
 * One scheduled job's run (docs/runbook.md, "Scheduled jobs"). A part that fails is counted (ReconciliationErrors,
 * alarmed) and logged at error level, and the run carries on; the handler does not throw for it. A scheduled
 * invocation that throws is retried by Lambda at once, redoing what the next run, minutes later, does anyway. Only a
 * crash (a timeout, running out of memory) fails the invocation, which the function's own Errors alarm reports.
 *
 * The run ends with one line named after the job: errors at error level, an early stop as a warning, work done at
 * info, and nothing when there was nothing to do, since most jobs run every few minutes.
 */
export async function runScheduledJob<S extends object>(
  context: Context,
  job: string,
  run: (tools: JobTools) => Promise<JobOutcome<S>>,
): Promise<JobSummary<S>> {
  return observeInvocation(context, { correlation_id: context.awsRequestId }, async () => {
    const failedParts: string[] = [];
    const tools: JobTools = {
      timeLeftMs: () => context.getRemainingTimeInMillis() - STOP_MARGIN_MS,
      async part(name, work) {
        try {
          return await work();
        } catch (error) {
          failedParts.push(name);
          metrics.count("ReconciliationErrors");
          log("error", `Reconciliation of ${name} failed`, { error });
          return null;
        }
      },
    };
    const { summary, counted, didWork } = await run(tools);
    const errors = failedParts.length + counted.reduce((sum, part) => sum + (part?.errors ?? 0), 0);
    const stoppedEarly = counted.some((part) => Boolean(part?.stoppedEarly));
    const result: JobSummary<S> = { ...summary, errors, failedParts, stoppedEarly };
    if (errors > 0) {
      log("error", `${job} finished with errors`, result);
    } else if (stoppedEarly) {
      log("warn", `${job} stopped before its timeout; the next run continues`, result);
    } else if (didWork) {
      log("info", `${job} finished`, result);
    }
    return result;
  });
}
