import type { Context } from "aws-lambda";
import { observeInvocation } from "../../kernel/invocation.js";
import { log } from "../../kernel/log.js";
import { monthlyStatements, renderStatementPdf } from "../../modules/reporting/index.js";

/**
 * No account is taken with less than this left before the function's timeout (15 minutes): one account is a ledger
 * read, a PDF and a mail, a few seconds at worst. The next hourly run goes on where this one stopped.
 */
export const STOP_MARGIN_MS = 60_000;

/** The month a hand-made event asks for (`{ "month": "2026-10" }`); the schedule's event names none. */
function monthOf(event: unknown): string | undefined {
  if (typeof event !== "object" || event === null || !("month" in event)) return undefined;
  const { month } = event as { month: unknown };
  return typeof month === "string" ? month : String(month);
}

/**
 * Scheduled hourly on the 1st and 2nd of each month (Nairobi): emails each account with real-money activity in the
 * previous Nairobi month (or the event's `month`) its statement as a PDF, once (modules/reporting/monthly-statements.ts).
 * Metrics StatementsSent, StatementsFailed and StatementsPending (the accounts left when it stopped). A failed send
 * is counted and left to the next run; the run itself fails only when the month asked for is not a month that has
 * ended, or the table cannot be read.
 */
export async function handler(event: unknown, context: Context) {
  return observeInvocation(context, { correlation_id: context.awsRequestId }, async () => {
    const month = monthOf(event);
    const run = await monthlyStatements(renderStatementPdf).run({
      ...(month !== undefined ? { month } : {}),
      timeLeftMs: () => context.getRemainingTimeInMillis() - STOP_MARGIN_MS,
    });
    const { outcomes: _outcomes, ...summary } = run;
    if (run.failed > 0)
      log("error", "Monthly statements finished with failed sends; the next run retries them", summary);
    else if (run.pending > 0)
      log("warn", "Monthly statements stopped with accounts left; the next run goes on", summary);
    else if (!run.monthWasDone) log("info", "Monthly statements finished", summary);
    return summary;
  });
}
