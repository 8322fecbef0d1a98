/** The report counter, built once per container from the real log and metrics. */
import { once } from "../../kernel/compose.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import { createCspReports } from "./csp-reports.js";

export const cspReports = /* @__PURE__ */ once(() => createCspReports({ metrics, log }));
