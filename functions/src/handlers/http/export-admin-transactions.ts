import { AdminTransactionsQuerySchema, centsToKes, nairobiDay, nairobiIsoTime } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { toCsv } from "../../kernel/csv.js";
import { admin } from "../../modules/admin-controls/index.js";

/** A spreadsheet-sized export; larger reconciliations belong to the table's own export. */
const MAX_ROWS = 10_000;

export const handler = httpHandler(
  "export-admin-transactions",
  { query: AdminTransactionsQuerySchema },
  async ({ query, caller, sourceIp }) => {
    const { type, status, search } = query;
    const lines = await admin().exportTransactions({ type, status, search }, MAX_ROWS, { user: caller, ip: sourceIp });
    const rows = lines.map((line) => [
      nairobiIsoTime(new Date(line.createdAt)),
      line.type,
      line.description,
      `${line.user.firstName} ${line.user.lastName}`,
      line.user.email,
      centsToKes(line.amountCents).toFixed(2),
      line.balance,
      line.status,
      line.reference,
      line.mpesaTransactionId ?? "",
      line.phoneNumber ?? "",
    ]);
    // Admins read times on Nairobi's clock (design.md §12.7); each cell keeps its offset, so it is still one instant.
    const header = [
      "Date (EAT)",
      "Type",
      "Description",
      "User",
      "Email",
      "Amount (KES)",
      "Balance",
      "Status",
      "Reference",
      "M-Pesa ID",
      "Phone",
    ];
    const day = nairobiDay(new Date());
    return {
      text: toCsv([header, ...rows]),
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="jengafund-transactions-${day}.csv"`,
      },
    };
  },
);
