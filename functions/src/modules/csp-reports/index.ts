/** The Content-Security-Policy reports module: what the rest of the server may use. */
export type { CspReports, CspReportsDeps } from "./csp-reports.js";
export { createCspReports } from "./csp-reports.js";
export { cspReports } from "./module.js";
