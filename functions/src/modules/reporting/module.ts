/** The reporting module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { config } from "../../kernel/config.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import { mailer } from "../messaging/index.js";
import { createDailyStatsService } from "./daily-stats.js";
import { createDynamoDailyStatsSource } from "./dynamo/daily-stats-repository.js";
import { createDynamoKeptStatements } from "./dynamo/kept-statement-repository.js";
import { createDynamoMonthlyStatementRepository } from "./dynamo/monthly-statement-repository.js";
import { createDynamoStatementSource } from "./dynamo/statement-source.js";
import { createMonthlyStatements } from "./monthly-statements.js";
import { createPortfolioHistoryService } from "./portfolio-history.js";
import { createStatementService, type StatementServiceDeps } from "./statements.js";

const statementSource = /* @__PURE__ */ once(createDynamoStatementSource);
/** Closed months' PDFs, kept once rendered for the route's next download. */
const keptStatements = /* @__PURE__ */ once(() => createDynamoKeptStatements());

/**
 * The caller's statements (design.md §12.6): a read of the ledger. The PDF renderer comes from the route's handler,
 * which imports it on the first PDF asked for: a dynamic import here would sit in every bundle's module graph, and
 * esbuild then keeps whole modules behind it (every shared schema) in bundles that never render anything.
 */
export const statements = (renderPdf: StatementServiceDeps["renderPdf"]) =>
  createStatementService({ source: statementSource(), clock: systemClock, renderPdf, kept: keptStatements() });

/**
 * The monthly statement email (issue 23): the same statements, mailed. Its scheduled function hands in the PDF
 * renderer, as the route does.
 */
export const monthlyStatements = (renderPdf: StatementServiceDeps["renderPdf"]) =>
  createMonthlyStatements({
    store: createDynamoMonthlyStatementRepository(),
    // The email renders each account's month once; nothing is kept for it.
    statements: createStatementService({ source: statementSource(), clock: systemClock, renderPdf }),
    mailer,
    clock: systemClock,
    newToken: newId,
    metrics,
    log,
    webOrigin: config().WEB_ORIGIN,
  });

/** The investor's portfolio chart (issue 23): replayed from the same read of the ledger as the statements. */
export const portfolioHistory = /* @__PURE__ */ once(() =>
  createPortfolioHistoryService({ source: statementSource(), clock: systemClock }),
);

/** The admin Overview's charts (issue 23): the daily counters the money moves keep. */
export const dailyStats = /* @__PURE__ */ once(() =>
  createDailyStatsService({ source: createDynamoDailyStatsSource(), clock: systemClock }),
);
