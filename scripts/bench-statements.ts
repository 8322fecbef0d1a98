/**
 * Statement generation for `npm run bench` (issue 23): the time to turn an account's ledger into its statement, as
 * GET /statements and the monthly email do after their read, for 1,000 and 10,000 lines; the ratio between the two
 * (linear work gives about 10), and the memory it takes. Each size and format runs in a process of its own, so its
 * peak memory is its own: the statement builder, then the CSV or the PDF (pdfkit, the standard fonts).
 *
 * The lines are made here, not read from DynamoDB Local: a local read says nothing of DynamoDB's own speed (the
 * read is one paginated Query of the account's lines, about 1 MB a page; the API section measures such reads).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import {
  buildStatement,
  type StatementSourceLine,
} from "../functions/src/modules/reporting/statements/statement-builder.js";
import { statementCsv } from "../functions/src/modules/reporting/statements/statement-csv.js";
import { statementPdf } from "../functions/src/modules/reporting/statements/statement-pdf.js";
import { repoRoot } from "./local-stack.js";

export const STATEMENTS_HEADING = "## Statements: generation time and memory";

const SIZES = [1_000, 10_000] as const;
const FORMATS = ["csv", "pdf"] as const;
const RUNS = 5;
const CAPPED_HEAP_MB = 200;

interface ChildResult {
  lines: number;
  format: (typeof FORMATS)[number];
  medianMs: number;
  minMs: number;
  /** CPU time per run (user + system), which leaves out waiting for a core on a busy machine. */
  cpuMsPerRun: number;
  bytes: number;
  pages?: number;
  maxRssMb: number;
  heapUsedMb: number;
}

/** An account's year: deposits with receipts, purchases, daily rewards, withdrawals (some refused), demo money. */
function ledger(count: number, end: number): StatementSourceLine[] {
  const lines: StatementSourceLine[] = [];
  const span = 360 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const at = new Date(end - span + Math.floor((i * span) / count)).toISOString();
    const id = `01BENCH${String(i).padStart(19, "0")}`;
    const kind = i % 10;
    const base = { id, createdAt: at, status: "completed" as const, balance: "wallet" as const };
    if (i === 0) {
      lines.push({
        ...base,
        balance: "trial",
        amountCents: 100_000,
        description: "Trial account bonus",
        reference: "TRIAL",
      });
    } else if (kind === 0 || kind === 5) {
      lines.push({
        ...base,
        amountCents: 150_000 + i,
        description: "M-Pesa deposit",
        reference: `DEP${i}`,
        mpesaTransactionId: `QK${String(i).padStart(8, "0")}`,
        settledAt: new Date(Date.parse(at) + 20_000).toISOString(),
      });
    } else if (kind === 1) {
      lines.push({
        ...base,
        amountCents: -100_000,
        description: "Investment: Safaricom Growth Fund",
        reference: `INV${i}`,
      });
    } else if (kind === 7) {
      lines.push({
        ...base,
        amountCents: -50_000,
        status: i % 3 === 0 ? "cancelled" : "completed",
        description: "Withdrawal to M-Pesa",
        reference: `WD${i}`,
        settledAt: new Date(Date.parse(at) + 3_600_000).toISOString(),
      });
    } else {
      lines.push({
        ...base,
        amountCents: 333 + (i % 97),
        description: "Daily reward: Safaricom Growth Fund",
        reference: `R${i}`,
      });
    }
  }
  return lines;
}

async function child(lines: number, format: (typeof FORMATS)[number]): Promise<ChildResult> {
  const end = Date.parse("2026-11-01T00:00:00.000+03:00");
  const source = ledger(lines, end);
  const period = { from: new Date(end - 366 * 86_400_000).toISOString(), to: new Date(end).toISOString() };
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  let bytes = 0;
  let heapUsed = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const wallet = buildStatement(source, { ...period, balance: "wallet" });
    const demo = buildStatement(source, { ...period, balance: "trial" });
    if (format === "csv") {
      bytes = Buffer.byteLength(statementCsv(wallet));
    } else {
      const pdf = await statementPdf({
        holder: { name: "Bench Investor", phoneNumber: "254712345678", email: "bench@example.com" },
        fromDay: "2025-10-31",
        toDay: "2026-10-31",
        generatedAt: new Date(end).toISOString(),
        wallet,
        demo,
      });
      bytes = pdf.length;
    }
    times.push(performance.now() - started);
    heapUsed = Math.max(heapUsed, process.memoryUsage().heapUsed);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const cpu = process.cpuUsage(cpuStart);
  return {
    cpuMsPerRun: (cpu.user + cpu.system) / 1000 / RUNS,
    lines,
    format,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    minMs: sorted[0] ?? 0,
    bytes,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    heapUsedMb: heapUsed / 1024 / 1024,
  };
}

const mb = (value: number) => `${value.toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export function measureStatements(): string {
  console.log("Statements: 1,000 and 10,000 lines, CSV and PDF, each in a process of its own…");
  const results: ChildResult[] = [];
  for (const lines of SIZES) {
    for (const format of FORMATS) {
      const run = spawnSync("npx", ["tsx", join("scripts", "bench-statements.ts")], {
        cwd: repoRoot,
        encoding: "utf8",
        env: { ...process.env, BENCH_STATEMENT_CHILD: `${lines}:${format}` },
      });
      const line = run.stdout.trim().split("\n").at(-1) ?? "";
      if (run.status !== 0 || !line.startsWith("{")) throw new Error(`statement bench failed: ${run.stderr}`);
      const result = JSON.parse(line) as ChildResult;
      console.log(`  ${lines} lines ${format}: ${ms(result.medianMs)}, peak RSS ${mb(result.maxRssMb)}`);
      results.push(result);
    }
  }
  // The same 10,000-line PDF with V8's heap capped, to show how much of the peak is garbage not yet collected.
  const capped = spawnSync("npx", ["tsx", join("scripts", "bench-statements.ts")], {
    cwd: repoRoot,
    encoding: "utf8",
    env: {
      ...process.env,
      BENCH_STATEMENT_CHILD: `${SIZES[1]}:pdf`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${CAPPED_HEAP_MB}`,
    },
  });
  const cappedLine = capped.stdout.trim().split("\n").at(-1) ?? "";
  const cappedResult =
    capped.status === 0 && cappedLine.startsWith("{") ? (JSON.parse(cappedLine) as ChildResult) : undefined;
  console.log(
    `  ${SIZES[1]} lines pdf, heap capped at ${CAPPED_HEAP_MB} MB: ${cappedResult ? `peak RSS ${mb(cappedResult.maxRssMb)}` : "failed"}`,
  );
  const cappedText = cappedResult
    ? `With V8's heap capped at ${CAPPED_HEAP_MB} MB the same 10,000-line PDF completes in ${ms(cappedResult.medianMs)} (CPU ${ms(cappedResult.cpuMsPerRun)}) with a peak RSS of ${mb(cappedResult.maxRssMb)}: most of the uncapped peak is garbage the collector had not yet needed to reclaim.`
    : `With V8's heap capped at ${CAPPED_HEAP_MB} MB the 10,000-line PDF **did not complete**: ${capped.stderr.trim().split("\n").at(-1) ?? ""}`;
  const rows = results.map(
    (r) =>
      `| ${r.lines.toLocaleString("en")} | ${r.format.toUpperCase()} | ${ms(r.medianMs)} | ${ms(r.minMs)} | ${ms(r.cpuMsPerRun)} | ${(r.bytes / 1024).toFixed(1)} KB | ${mb(r.heapUsedMb)} | ${mb(r.maxRssMb)} |`,
  );
  const ratio = (format: string) => {
    const small = results.find((r) => r.format === format && r.lines === SIZES[0]);
    const large = results.find((r) => r.format === format && r.lines === SIZES[1]);
    return small && large ? (large.cpuMsPerRun / small.cpuMsPerRun).toFixed(1) : "n/a";
  };
  return `${STATEMENTS_HEADING}

The work after the read, as GET /statements and the monthly email do it: the wallet's and the demo money's statements
built from the account's lines, then the CSV or the PDF (pdfkit, standard fonts). Median of ${RUNS} in a process of its
own per row, so the memory is that row's. A year of lines: deposits with receipts, purchases, daily rewards and
withdrawals, a third of them refused and returned.

| Lines | Format | Median | Fastest | CPU per run | File | Heap used (peak) | Process RSS (peak) |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

10,000 lines against 1,000, in CPU time (which a busy machine does not inflate): **${ratio("csv")}×** for the CSV,
**${ratio("pdf")}×** for the PDF (linear work gives about 10×). ${cappedText} The statement route's function has 1,024 MB (about 0.6 of a vCPU) and 29 s;
a statement is refused past 20,000 rows, twice the largest row here.
`;
}

if (process.env.BENCH_STATEMENT_CHILD) {
  const [lines, format] = process.env.BENCH_STATEMENT_CHILD.split(":");
  console.log(JSON.stringify(await child(Number(lines), format as (typeof FORMATS)[number])));
}
