/** The reporting module: what the rest of the server may use. */
export { createDailyStatsService } from "./daily-stats.js";
export { createDynamoDailyStatsSource } from "./dynamo/daily-stats-repository.js";
export { createDynamoMonthlyStatementRepository } from "./dynamo/monthly-statement-repository.js";
export { createDynamoStatementSource } from "./dynamo/statement-source.js";
export { dailyStats, monthlyStatements, portfolioHistory, statements } from "./module.js";
export { createMonthlyStatements } from "./monthly-statements.js";
export { createPortfolioHistoryService } from "./portfolio-history.js";
export { renderStatementPdf } from "./statements/render-pdf.js";
export type { StatementServiceDeps } from "./statements.js";
export { createStatementService } from "./statements.js";
