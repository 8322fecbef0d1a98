import * as pdfkit from "pdfkit";
import Helvetica from "pdfkit/standard-fonts/Helvetica";
import HelveticaBold from "pdfkit/standard-fonts/HelveticaBold";
import type { Statement } from "./statement-builder.js";
import { statementTable } from "./statement-csv.js";
import { statementAmount, statementDay, statementTime } from "./statement-format.js";

export interface StatementPaper {
  holder: { name: string; phoneNumber: string; email: string };
  /** Nairobi days, `to` inclusive. */
  fromDay: string;
  toDay: string;
  generatedAt: string;
  wallet: Statement;
  /** The trial's demo money, shown apart; absent when the account never had any in the period. */
  demo?: Statement;
}

/**
 * pdfkit's Node build reads its font metrics at run time through a path a Lambda bundle cannot follow, so the bundle
 * uses its browser build (functions/src/bundling.ts), which draws only the standard fonts it is handed. The Node
 * build (tsx, vitest) has no `registerStdFonts` and finds its own.
 */
const { registerStdFonts } = pdfkit as typeof pdfkit & { registerStdFonts?: (...fonts: unknown[]) => void };
registerStdFonts?.(Helvetica, HelveticaBold);
const PDFDocument = pdfkit.default;

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_HEIGHT = 44;
const BRAND = "#075a30";
const MUTED = "#555555";

/** Column x-offsets and widths of the ledger table; the three money columns are right-aligned. */
const COLUMNS = [
  { title: "Date", width: 78, align: "left" },
  { title: "Description", width: 128, align: "left" },
  { title: "Reference", width: 72, align: "left" },
  { title: "M-Pesa receipt", width: 70, align: "left" },
  { title: "Money in", width: 57, align: "right" },
  { title: "Money out", width: 57, align: "right" },
  { title: "Balance", width: 53.28, align: "right" },
] as const;

const RISK_NOTE =
  "Investments carry risk; past rewards do not promise future ones. Demo money is for trying JengaFund and cannot be withdrawn.";

/**
 * The statement as a PDF: the JengaFund header, the account holder and the period, a summary (opening balance,
 * money in, money out, closing balance), every row with the running balance (the table's header repeated on every
 * page), then the demo money apart, and on each page its number and the risk note. Only the standard fonts, so the
 * file embeds no font and stays small; text they cannot encode is replaced (see `printable`).
 */
export async function statementPdf(paper: StatementPaper): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `JengaFund statement ${paper.fromDay} to ${paper.toDay}`, Author: "JengaFund" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  header(doc, paper);
  section(doc, "Wallet (KES)", paper.wallet);
  if (paper.demo) section(doc, "Demo money (not withdrawable)", paper.demo);
  footers(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function header(doc: PDFKit.PDFDocument, paper: StatementPaper): void {
  doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(20).text("JengaFund", MARGIN, MARGIN);
  doc.fillColor("black").font("Helvetica-Bold").fontSize(12).text("Account statement");
  doc.moveDown(0.4).font("Helvetica").fontSize(9);
  doc.text(printable(paper.holder.name));
  doc.text(`${printable(paper.holder.email)}  |  ${paper.holder.phoneNumber}`);
  doc.text(`Period: ${statementDay(paper.fromDay)} to ${statementDay(paper.toDay)}`);
  doc
    .fillColor(MUTED)
    .text(`Produced ${statementTime(paper.generatedAt)} (Nairobi time)`)
    .fillColor("black");
  doc.moveDown(0.8);
}

function section(doc: PDFKit.PDFDocument, title: string, statement: Statement): void {
  ensureRoom(doc, 120);
  doc.font("Helvetica-Bold").fontSize(11).text(title, MARGIN, doc.y);
  doc.moveDown(0.3);
  summary(doc, statement);
  if (statement.heldCents > 0) {
    doc.font("Helvetica").fontSize(8).fillColor(MUTED).text(heldNote(statement.heldCents), MARGIN, doc.y, {
      width: CONTENT_WIDTH,
    });
    doc.fillColor("black").moveDown(0.6);
  }
  tableHeader(doc);
  for (const line of statementTable(statement, statementAmount)) row(doc, line.cells, line.balance);
  doc.moveDown(1);
}

/** How held withdrawals are counted (Statement.heldCents), under the summary of a statement that has any. */
export function heldNote(heldCents: number): string {
  return (
    `KES ${statementAmount(heldCents)} is held for withdrawals not paid yet (pending approval or payout in progress). ` +
    "Held money counts as money out on the day the withdrawal was asked for, so no balance here includes it; " +
    "it comes back to the wallet if the withdrawal is refused or not paid."
  );
}

function summary(doc: PDFKit.PDFDocument, statement: Statement): void {
  const figures = [
    ["Opening balance", statement.openingCents],
    ["Money in", statement.totalInCents],
    ["Money out", statement.totalOutCents],
    ["Closing balance", statement.closingCents],
  ] as const;
  const top = doc.y;
  const width = CONTENT_WIDTH / figures.length;
  doc.rect(MARGIN, top, CONTENT_WIDTH, 34).fillAndStroke("#f1f7f3", "#cfe3d6").fillColor("black");
  figures.forEach(([label, cents], index) => {
    const x = MARGIN + index * width + 8;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x, top + 6, { width: width - 16 });
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("black")
      .text(`KES ${statementAmount(cents)}`, x, top + 17, {
        width: width - 16,
      });
  });
  doc.x = MARGIN;
  doc.y = top + 44;
}

function tableHeader(doc: PDFKit.PDFDocument): void {
  const top = doc.y;
  doc.rect(MARGIN, top, CONTENT_WIDTH, 16).fill(BRAND).fillColor("white").font("Helvetica-Bold").fontSize(7.5);
  let x = MARGIN;
  for (const column of COLUMNS) {
    doc.text(column.title, x + 3, top + 5, { width: column.width - 6, align: column.align, lineBreak: false });
    x += column.width;
  }
  doc.fillColor("black");
  doc.x = MARGIN;
  doc.y = top + 18;
}

/** One table row: a cell per column, in the columns' order. */
function row(doc: PDFKit.PDFDocument, cells: string[], bold = false): void {
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(7.5);
  // Most cells fit on one line: measuring their width is a sum of glyph widths, where wrapping (heightOfString, and
  // text with a width) runs pdfkit's line breaker, which is most of a long statement's time.
  const placed = COLUMNS.map((column, i) => {
    const text = printable(cells[i] ?? "");
    const width = doc.widthOfString(text);
    return { column, text, width, oneLine: width <= column.width - 6 };
  });
  const height =
    Math.max(
      ...placed.map(({ column, text, oneLine }) =>
        oneLine ? 0 : doc.heightOfString(text, { width: column.width - 6 }),
      ),
      9,
    ) + 5;
  if (doc.y + height > PAGE.height - MARGIN - FOOTER_HEIGHT) {
    doc.addPage();
    tableHeader(doc);
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(7.5);
  }
  const top = doc.y;
  let x = MARGIN;
  for (const { column, text, width, oneLine } of placed) {
    if (!text) {
      // An empty cell draws nothing.
    } else if (oneLine) {
      const inset = column.align === "right" ? column.width - 3 - width : 3;
      doc.text(text, x + inset, top + 2, { lineBreak: false });
    } else {
      doc.text(text, x + 3, top + 2, { width: column.width - 6, align: column.align });
    }
    x += column.width;
  }
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(MARGIN + CONTENT_WIDTH, top + height)
    .lineWidth(0.3)
    .strokeColor("#dddddd")
    .stroke();
  doc.x = MARGIN;
  doc.y = top + height;
}

function ensureRoom(doc: PDFKit.PDFDocument, points: number): void {
  if (doc.y + points > PAGE.height - MARGIN - FOOTER_HEIGHT) doc.addPage();
}

function footers(doc: PDFKit.PDFDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin: the margin is lifted so pdfkit does not start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = PAGE.height - MARGIN - FOOTER_HEIGHT + 12;
    doc.font("Helvetica").fontSize(7).fillColor(MUTED);
    doc.text(RISK_NOTE, MARGIN, top, { width: CONTENT_WIDTH - 70 });
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN + CONTENT_WIDTH - 70, top, { width: 70, align: "right" });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor("black");
}

/**
 * Text the standard fonts can draw (Windows-1252): anything else (an emoji or a non-Latin letter in a name) becomes
 * "?" rather than garbage glyphs.
 */
export function printable(text: string): string {
  return [...text].map((character) => (isWinAnsi(character) ? character : "?")).join("");
}

const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(character);
}
