import { apiCall } from "../../../lib/api-call";
import type { StatementPeriod } from "../lib/statement-period";

/** The caller's statement for `period` as a file: the PDF as it came, the CSV's text as a CSV file. */
export async function downloadStatement(period: StatementPeriod, format: "pdf" | "csv"): Promise<Blob> {
  const answer = await apiCall("get-statement", { query: { ...period, format } });
  return typeof answer === "string" ? new Blob([answer], { type: "text/csv;charset=utf-8" }) : answer;
}
