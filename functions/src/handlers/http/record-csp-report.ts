import { httpHandler } from "../../http/middleware.js";
import { cspReports } from "../../modules/csp-reports/index.js";

/**
 * POST /csp-reports (design.md §9): a browser's report of what the site's Content-Security-Policy blocked, in either
 * format it sends. The body is read here as it came (the JSON parsing of other routes takes one object, and the
 * Reporting API sends an array); each violation is counted, and the answer is always empty.
 */
export const handler = httpHandler("record-csp-report", {}, async ({ event }) => {
  const body = Buffer.from(event.body ?? "", event.isBase64Encoded ? "base64" : "utf8");
  cspReports().record(event.headers?.["content-type"], body);
  return { statusCode: 204 };
});
