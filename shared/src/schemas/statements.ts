import * as z from "zod/mini";
import { STATEMENT_FORMATS, STATEMENT_MESSAGES } from "../statements.js";
import { emptyToUndefined } from "./blank.js";

/** A calendar day that exists: 2026-02-30 is refused, not rolled over to March. */
function isRealDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

const day = z.pipe(
  z.transform(emptyToUndefined),
  z.optional(
    z
      .string(STATEMENT_MESSAGES.badDate)
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, STATEMENT_MESSAGES.badDate),
        z.refine(isRealDay, STATEMENT_MESSAGES.badDate),
      ),
  ),
);

/**
 * GET /statements (design.md §12.6): Nairobi days, `to` inclusive; both optional (the current month so far). The
 * period's own rules (order, length, not in the future) need today, so the service checks them.
 */
export const StatementQuerySchema = z.object({
  from: day,
  to: day,
  format: z._default(
    z.pipe(z.transform(emptyToUndefined), z.optional(z.enum(STATEMENT_FORMATS, STATEMENT_MESSAGES.format))),
    "pdf",
  ),
});
export type StatementQuery = z.output<typeof StatementQuerySchema>;
