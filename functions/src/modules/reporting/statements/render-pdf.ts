import type { StatementServiceDeps } from "../statements.js";

/** pdfkit loads on the first PDF asked for: a CSV, or a bundle that never prints, never loads it. */
export const renderStatementPdf: StatementServiceDeps["renderPdf"] = async (paper) =>
  (await import("./statement-pdf.js")).statementPdf(paper);
