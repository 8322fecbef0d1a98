import {
  CSP_REPORT_CONTENT_TYPES,
  CSP_REPORT_MAX_BYTES,
  CSP_REPORT_MESSAGES,
  CSP_REPORTED_DIRECTIVES,
  type CspReportedDirective,
  type CspViolation,
  LegacyCspReportSchema,
  ReportingApiReportsSchema,
} from "@jengafund/shared";
import { InvalidInputError, TooLargeError } from "../../kernel/errors.js";
import type { Log } from "../../kernel/log.js";
import type { MetricsPort } from "../../kernel/metrics.js";

export interface CspReportsDeps {
  metrics: MetricsPort;
  log: Log;
}

/**
 * The browsers' Content-Security-Policy reports (design.md §9): each violation is counted as CspViolations by its
 * directive and logged in one line that names the directive, the blocked source's origin (or keyword, like `inline`)
 * and the page's path. Nothing is stored, and no URL is written whole: a query string or fragment can hold a token
 * (a reset link's), so only origins and paths leave this function.
 */
export function createCspReports({ metrics, log }: CspReportsDeps) {
  return {
    /** Counts and logs the violations in one request's body; how many there were. */
    record(contentType: string | undefined, body: Uint8Array): number {
      const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
      if (!CSP_REPORT_CONTENT_TYPES.some((type) => type === mediaType)) {
        throw new InvalidInputError(CSP_REPORT_MESSAGES.contentType);
      }
      if (body.byteLength > CSP_REPORT_MAX_BYTES) throw new TooLargeError();
      const violations = violationsIn(parseJson(body));
      for (const violation of violations) {
        const directive = directiveOf(violation);
        metrics.count("CspViolations", directive);
        log("warn", "Content-Security-Policy violation reported", {
          directive,
          blocked: sourceOf(violation["blocked-uri"]),
          page: pathOf(violation["document-uri"]),
          disposition: violation.disposition === "report" ? "report" : "enforce",
        });
      }
      return violations.length;
    },
  };
}

export type CspReports = ReturnType<typeof createCspReports>;

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    throw new InvalidInputError(CSP_REPORT_MESSAGES.notAReport);
  }
}

/** Either format's violations, under the older format's names; the Reporting API's other report types are skipped. */
function violationsIn(report: unknown): CspViolation[] {
  const legacy = LegacyCspReportSchema.safeParse(report);
  if (legacy.success) return [legacy.data["csp-report"]];
  const batch = ReportingApiReportsSchema.safeParse(report);
  if (!batch.success) throw new InvalidInputError(CSP_REPORT_MESSAGES.notAReport);
  return batch.data
    .filter((entry) => entry.type === "csp-violation" && entry.body)
    .map(({ body }) => ({
      "document-uri": body?.documentURL,
      "blocked-uri": body?.blockedURL,
      "effective-directive": body?.effectiveDirective,
      disposition: body?.disposition,
    }));
}

/** The directive that blocked, one of the known names; older browsers give only `violated-directive` ("img-src 'self'"). */
function directiveOf(violation: CspViolation): CspReportedDirective {
  const name = (violation["effective-directive"] ?? violation["violated-directive"]?.split(" ")[0] ?? "").toLowerCase();
  return CSP_REPORTED_DIRECTIVES.find((known) => known === name) ?? "other";
}

/** A blocked URL's origin (`https://cdn.example.com`), or the keyword browsers give instead of a URL (`inline`). */
function sourceOf(blocked: string | undefined): string {
  if (!blocked) return "unknown";
  try {
    const url = new URL(blocked);
    return url.origin === "null" ? url.protocol.replace(/:$/, "") : url.origin;
  } catch {
    return /^[a-z-]{1,20}$/i.test(blocked) ? blocked.toLowerCase() : "unknown";
  }
}

/** The page's path alone: its query string and fragment are never kept. */
function pathOf(document: string | undefined): string {
  if (!document) return "unknown";
  try {
    return new URL(document).pathname;
  } catch {
    return "unknown";
  }
}
