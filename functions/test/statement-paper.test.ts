/**
 * The statement on paper (functions/src/statements/statement-pdf.ts, statement-csv.ts): the PDF is read back with
 * pdf.js and its rows summed — opening + money in − money out = closing, on every page of a long statement — and the
 * CSV opens with the opening balance and closes with the closing one. Demo money is apart, in the PDF only.
 */
import { describe, expect, it } from "vitest";
import { buildStatement, type StatementSourceLine } from "../src/modules/reporting/statements/statement-builder.js";
import { statementCsv } from "../src/modules/reporting/statements/statement-csv.js";
import { printable, statementPdf } from "../src/modules/reporting/statements/statement-pdf.js";
import { pdfLines } from "./support/pdf-text.js";

const period = { from: "2026-09-30T21:00:00.000Z", to: "2026-10-31T21:00:00.000Z" }; // October, Nairobi days

/** 150 wallet lines in October (three pages), one deposit before it, a refused withdrawal, and demo money. */
function ledger(): StatementSourceLine[] {
  const lines: StatementSourceLine[] = [
    line("01A000", "wallet", 1_000_000, "completed", "2026-09-12T08:00:00.000Z", "M-Pesa deposit", "QK00000001"),
    line("01B000", "trial", 100_000, "completed", "2026-09-12T08:00:00.000Z", "Trial account opening balance"),
  ];
  for (let i = 0; i < 150; i++) {
    const at = new Date(Date.parse("2026-10-01T06:00:00.000Z") + i * 4 * 3_600_000).toISOString();
    const id = `01C${String(i).padStart(3, "0")}`;
    if (i % 3 === 0) lines.push(line(id, "wallet", 12_345 + i, "completed", at, "M-Pesa deposit", `QK${i}RCPT`));
    else if (i % 3 === 1) lines.push(line(id, "wallet", 2_500, "completed", at, "Daily reward: Gold"));
    else lines.push(line(id, "wallet", -5_000, "completed", at, "Investment in Silver"));
  }
  lines.push({
    ...line("01D000", "wallet", -300_000, "cancelled", "2026-10-20T09:00:00.000Z", "Withdrawal to M-Pesa"),
    settledAt: "2026-10-21T09:00:00.000Z",
  });
  lines.push(
    line("01E000", "trial", -50_000, "completed", "2026-10-03T09:00:00.000Z", "Investment in Starter (trial)"),
  );
  return lines;
}

function line(
  id: string,
  balance: "wallet" | "trial",
  amountCents: number,
  status: StatementSourceLine["status"],
  createdAt: string,
  description: string,
  receipt?: string,
): StatementSourceLine {
  return {
    id,
    balance,
    amountCents,
    status,
    description,
    reference: `JF${id}`,
    createdAt,
    ...(receipt ? { mpesaTransactionId: receipt } : {}),
  };
}

const cents = (kes: string) => Math.round(Number(kes.replaceAll(",", "")) * 100);

describe("statement on paper", () => {
  it("reads back from the PDF with its rows summing from the opening to the closing balance", async () => {
    const lines = ledger();
    const wallet = buildStatement(lines, { ...period, balance: "wallet" });
    const demo = buildStatement(lines, { ...period, balance: "trial" });
    const pdf = await statementPdf({
      holder: { name: "Wanjiru Kamau", phoneNumber: "254712345678", email: "wanjiru@example.com" },
      fromDay: "2026-10-01",
      toDay: "2026-10-31",
      generatedAt: "2026-11-01T04:00:00.000Z",
      wallet,
      demo,
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await pdfLines(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = pages.flat();
    expect(text[0]).toBe("JengaFund");
    expect(text).toContain("Wanjiru Kamau");
    expect(text).toContain("Period: Oct 01, 2026 to Oct 31, 2026");
    pages.forEach((page, index) => {
      // Every page has the table's header and its number.
      expect(page).toContain("Date | Description | Reference | M-Pesa receipt | Money in | Money out | Balance");
      expect(page.some((l) => l.endsWith(`Page ${index + 1} of ${pages.length}`))).toBe(true);
    });

    // The wallet's rows as printed: date | description | reference | [receipt] | in or out | balance.
    const walletText = text.slice(0, text.indexOf("Demo money (not withdrawable)"));
    const opening = walletText.find((l) => l.includes("| Opening balance |"));
    const closing = walletText.find((l) => l.includes("| Closing balance |"));
    expect(opening?.startsWith("Oct 01, 2026 00:00 | Opening balance | ")).toBe(true);
    expect(closing?.startsWith("Oct 31, 2026 23:59 | Closing balance | ")).toBe(true);
    const rows = walletText.filter((l) => /^[A-Z][a-z]{2} \d\d, \d{4} \d\d:\d\d \| /.test(l) && !/balance \|/.test(l));
    expect(rows).toHaveLength(wallet.rows.length);
    let running = cents(opening?.split(" | ").at(-1) ?? "NaN");
    for (const [index, printed] of rows.entries()) {
      const cells = printed.split(" | ");
      const balance = cents(cells.at(-1) ?? "NaN");
      const moved = cents(cells.at(-2) ?? "NaN");
      const source = wallet.rows[index];
      running += source && source.inCents > 0 ? moved : -moved;
      expect(balance, printed).toBe(running);
    }
    expect(cents(closing?.split(" | ").at(-1) ?? "NaN")).toBe(running);
    expect(running).toBe(wallet.closingCents);
    // The refused withdrawal: out on the day it was asked for, back on the day it was refused.
    expect(walletText.filter((l) => l.includes("| JF01D000 |")).map((l) => l.split(" | ").slice(0, 4))).toEqual([
      ["Oct 20, 2026 12:00", "Withdrawal to M-Pesa", "JF01D000", "3,000.00"],
      ["Oct 21, 2026 12:00", "Returned: Withdrawal to M-Pesa", "JF01D000", "3,000.00"],
    ]);

    // Demo money stands apart, after the wallet, with its own opening and closing.
    const demoText = text.slice(text.indexOf("Demo money (not withdrawable)"));
    expect(demoText.find((l) => l.includes("| Opening balance |"))?.endsWith("| 1,000.00")).toBe(true);
    expect(demoText.find((l) => l.includes("| Closing balance |"))?.endsWith("| 500.00")).toBe(true);
  });

  it("writes the CSV from the opening to the closing balance, without demo money", () => {
    const lines = ledger();
    const wallet = buildStatement(lines, { ...period, balance: "wallet" });
    const rows = statementCsv(wallet).trimEnd().split("\r\n");
    expect(rows[0]).toBe("Date,Description,Reference,M-Pesa receipt,Money in,Money out,Balance");
    expect(rows[1]).toBe(`"Oct 01, 2026 00:00",Opening balance,,,,,10000.00`);
    expect(rows.at(-1)).toBe(`"Oct 31, 2026 23:59",Closing balance,,,,,${(wallet.closingCents / 100).toFixed(2)}`);
    expect(rows).toHaveLength(wallet.rows.length + 3);
    expect(rows.join("\n")).not.toMatch(/trial/i);
  });

  it("prints only what the standard fonts can draw", () => {
    expect(printable("Njeri Wambũi 🙂")).toBe("Njeri Wamb?i ?");
    expect(printable("Zoë – KES 1,000.00")).toBe("Zoë – KES 1,000.00");
  });
});
