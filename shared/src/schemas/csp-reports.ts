import * as z from "zod/mini";

/**
 * POST /csp-reports (design.md §9): what browsers send when the site's Content-Security-Policy blocks something. Two
 * formats arrive: the older `application/csp-report` (one `{ "csp-report": { … } }` per violation, from report-uri)
 * and the Reporting API's `application/reports+json` (an array of reports, from report-to, of which only the
 * `csp-violation` ones are ours). Only the fields the count and the log line use are read; everything else is ignored.
 */
export const CSP_REPORT_CONTENT_TYPES = ["application/csp-report", "application/reports+json"] as const;

/** Reports are a few hundred bytes each and a browser batches a handful: anything larger is refused unread. */
export const CSP_REPORT_MAX_BYTES = 8 * 1024;

/**
 * The directives a violation is counted under (the metric's `reason`), so a sender cannot make up new series; any
 * other name counts as `other`.
 */
export const CSP_REPORTED_DIRECTIVES = [
  "default-src",
  "script-src",
  "script-src-elem",
  "script-src-attr",
  "style-src",
  "style-src-elem",
  "style-src-attr",
  "img-src",
  "connect-src",
  "font-src",
  "media-src",
  "object-src",
  "frame-src",
  "child-src",
  "worker-src",
  "manifest-src",
  "frame-ancestors",
  "base-uri",
  "form-action",
] as const;

export type CspReportedDirective = (typeof CSP_REPORTED_DIRECTIVES)[number] | "other";

const text = z.optional(z.string().check(z.maxLength(2048)));

/** One violation as either format describes it, under the older format's names. */
export const CspViolationSchema = z.object({
  "document-uri": text,
  "blocked-uri": text,
  "effective-directive": text,
  "violated-directive": text,
  disposition: text,
});
export type CspViolation = z.infer<typeof CspViolationSchema>;

export const LegacyCspReportSchema = z.object({ "csp-report": CspViolationSchema });

export const ReportingApiReportsSchema = z
  .array(
    z.object({
      type: z.string(),
      body: z.optional(
        z.object({
          documentURL: text,
          blockedURL: text,
          effectiveDirective: text,
          disposition: text,
        }),
      ),
    }),
  )
  .check(z.maxLength(50));

export const CSP_REPORT_MESSAGES = {
  contentType: `Send a report as ${CSP_REPORT_CONTENT_TYPES.join(" or ")}`,
  notAReport: "This is not a Content-Security-Policy report",
} as const;
