import { StatementQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { readBudgets } from "../../modules/read-budgets/index.js";
import { renderStatementPdf, statements } from "../../modules/reporting/index.js";

export const handler = httpHandler("get-statement", { query: StatementQuerySchema }, async ({ caller, query }) => {
  await readBudgets().spend(caller.id, "statements");
  const file = await statements(renderStatementPdf).statement({
    userId: caller.id,
    format: query.format,
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  });
  const disposition = `attachment; filename="jengafund-statement-${file.fromDay}-${file.toDay}.${file.format}"`;
  return file.format === "pdf"
    ? { bytes: file.bytes, headers: { "content-type": "application/pdf", "content-disposition": disposition } }
    : {
        text: file.text,
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": disposition },
      };
});
