/**
 * Paybill (C2B) figures for `npm run bench` (quality.md; design.md §12.3), measured on the API bench's local stack:
 * - the validation endpoint under load (autocannon, as the API load runs): Daraja waits about 8 s for its answer, and
 *   ours is to come within 2 s at p99;
 * - confirmation → balance visible: a confirmation posted to the ingest route as Daraja (and the simulator) posts it,
 *   until GET /auth/me (what the header's balance reads) shows the credit: ingest, event bus, settle, read.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { paybillUrls } from "./mpesa.js";

export const PAYBILL_HEADING = "## M-Pesa Paybill: validation and confirmation → balance visible";

/** quality.md: the validation answer's p99, and Safaricom's wait before it gives up on the answer. */
const VALIDATION_P99_TARGET_MS = 2_000;
const SAFARICOM_VALIDATION_WAIT_MS = 8_000;
/** quality.md: confirmation → balance visible, locally. */
const VISIBLE_TARGET_MS = 3_000;

export interface PaybillLoadRow {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** What a sample request of the run was answered before the load (ResultCode). */
  answer: string;
}

export interface PaybillBench {
  connections: number;
  durationS: number;
  validation: PaybillLoadRow[];
  confirmationToBalance: { p50Ms: number; p99Ms: number; maxMs: number; samples: number };
  /** The machine's load average (1 / 5 / 15 min) when the Paybill runs started and ended. */
  loadAverage: { before: number[]; after: number[] };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sequence = 0;
/** A fresh M-Pesa receipt: ten upper-case letters and digits, like Daraja's TransID. */
const newTransId = () => `BP${randomBytes(2).toString("hex").toUpperCase()}${String(++sequence).padStart(4, "0")}`;

/** A C2B payment as Daraja posts it to the validation and confirmation URLs (mpesa.md §9.A). */
function c2bPayment(billRefNumber: string, amount: string) {
  return {
    TransactionType: "Pay Bill",
    TransID: newTransId(),
    TransTime: new Date(Date.now() + 3 * 3_600_000).toISOString().replace(/[-:T]/g, "").slice(0, 14),
    TransAmount: amount,
    BusinessShortCode: "600984",
    BillRefNumber: billRefNumber,
    InvoiceNumber: "",
    OrgAccountBalance: "",
    ThirdPartyTransID: "",
    MSISDN: "2547 ***** 149",
    FirstName: "BENCH",
    MiddleName: "",
    LastName: "PAYER",
  };
}

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function load(
  name: string,
  url: string,
  bodies: unknown[],
  options: { connections: number; durationS: number },
): Promise<Omit<PaybillLoadRow, "answer">> {
  let turn = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: "POST",
        headers: { "content-type": "application/json" },
        connections: options.connections,
        duration: options.durationS,
        requests: [
          { setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies[turn++ % bodies.length]) }) },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          name,
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          errors: result.errors,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

/**
 * Measures on a running stack: `api` is its API base URL, `callbackToken` the token of its Daraja URLs, and the
 * account is an active investor's (its registered phone in 07 form and referral code, and its session token).
 */
export async function benchPaybill(options: {
  api: string;
  callbackToken: string;
  account: { token: string; phoneNumber: string; referralCode: string };
  log: (line: string) => void;
  connections: number;
  durationS: number;
  samples?: number;
}): Promise<PaybillBench> {
  const { api, callbackToken, account, log, connections, durationS } = options;
  const { validationUrl, confirmationUrl } = paybillUrls(api, callbackToken);
  const loadBefore = loadavg();

  // Validation: the accepted path (the account number names an active account: a marker read and a user read), and
  // a mix as payers type them (07 and 254 forms, the referral code, a mistyped number, an amount out of bounds).
  const accepted = Array.from({ length: 50 }, (_, i) => c2bPayment(account.phoneNumber, `${100 + i}.00`));
  const mixed = [
    c2bPayment(account.phoneNumber, "500.00"),
    c2bPayment(`254${account.phoneNumber.slice(1)}`, "1250.50"),
    c2bPayment(account.referralCode.toLowerCase(), "75.00"),
    c2bPayment("0799999999x", "300.00"),
    c2bPayment(account.phoneNumber, "0.50"),
  ];
  const validation: PaybillLoadRow[] = [];
  for (const [name, bodies] of [
    ["accepted (the account number names an active account)", accepted],
    ["mixed: 07, 254, referral code, unknown account, amount out of bounds", mixed],
  ] as const) {
    const answers = await Promise.all(bodies.slice(0, 5).map((body) => post(validationUrl, body)));
    if (answers.some((a) => a.status !== 200)) {
      throw new Error(`the validation endpoint answered ${JSON.stringify(answers.map((a) => a.status))}`);
    }
    const answer = [...new Set(answers.map((a) => String(a.body.ResultCode)))].join(", ");
    // A 2 s warm-up first, as the anchors of the API bench get.
    await load("warm-up", validationUrl, bodies, { connections, durationS: 2 });
    const row = {
      ...(await load(`POST c2b-validation, ${name}`, validationUrl, bodies, { connections, durationS })),
      answer,
    };
    validation.push(row);
    log(
      `  Paybill validation, ${name}: ${row.requestsPerSecond.toFixed(0)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms`,
    );
  }

  // Confirmation → balance visible, one payment after another so each is timed alone.
  const me = async () => {
    const response = await fetch(`${api}/auth/me`, { headers: { authorization: `Bearer ${account.token}` } });
    const body = (await response.json()) as { user: { walletBalance: number } };
    return Math.round(body.user.walletBalance * 100);
  };
  const latencies: number[] = [];
  const samples = options.samples ?? Number(process.env.BENCH_PAYBILL_SAMPLES ?? 200);
  for (let i = 0; i < samples; i++) {
    const amountCents = (10 + i) * 100 + (i % 2 ? 50 : 0);
    const before = await me();
    const t0 = performance.now();
    const answer = await post(confirmationUrl, c2bPayment(account.phoneNumber, (amountCents / 100).toFixed(2)));
    if (answer.status !== 200 || answer.body.ResultDesc !== "Success") {
      throw new Error(`the ingest refused a confirmation: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const deadline = Date.now() + 10_000;
    for (;;) {
      const now = await me();
      if (now === before + amountCents) break;
      if (now > before + amountCents) throw new Error("a balance moved by more than the one payment");
      if (Date.now() > deadline) throw new Error("a posted confirmation never reached the balance");
      await sleep(5);
    }
    latencies.push(performance.now() - t0);
  }
  const confirmationToBalance = {
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    samples: latencies.length,
  };
  log(
    `  Paybill confirmation → balance visible: p50 ${confirmationToBalance.p50Ms.toFixed(0)} ms, p99 ${confirmationToBalance.p99Ms.toFixed(0)} ms`,
  );
  return {
    connections,
    durationS,
    validation,
    confirmationToBalance,
    loadAverage: { before: loadBefore, after: loadavg() },
  };
}

/** The Paybill section of docs/benchmarks.md. */
export function paybillSection(bench: PaybillBench): string {
  const mark = (ok: boolean) => (ok ? "within" : "**over**");
  const rows = bench.validation.map(
    (r) =>
      `| ${r.name} | ${r.answer} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.max} ms | ${r.errors + r.non2xx} | ≤ ${VALIDATION_P99_TARGET_MS / 1000} s: ${mark(r.p99 <= VALIDATION_P99_TARGET_MS)} |`,
  );
  const { p50Ms, p99Ms, maxMs, samples } = bench.confirmationToBalance;
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(" / ");
  return `${PAYBILL_HEADING}

Written by \`npm run bench\`, and alone with the API section by \`BENCH_ONLY=api npm run bench\`, on the API bench's
local stack. Load average (1 / 5 / 15 min) ${load(bench.loadAverage.before)} before these runs, ${load(bench.loadAverage.after)} after them, on 2
cores (absolute figures move with it).

Validation: Daraja's synchronous call to POST /hooks/daraja/c2b-validation/{token} while the payer waits (Safaricom
gives up after about ${SAFARICOM_VALIDATION_WAIT_MS / 1000} s; our target is p99 ≤ ${VALIDATION_P99_TARGET_MS / 1000} s), driven by autocannon on the API bench's stack
as the endpoints above: ${bench.connections} connections, ${bench.durationS} s per run after a 2 s warm-up, each request a
different payment body in turn. The accepted path is the costliest: the door's checks, then the account's marker and the user read in turn.

| Run | ResultCode answered | req/s | p50 | p99 | max | errors + non-2xx | Target |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Confirmation → balance visible: a confirmation posted to POST /hooks/daraja/c2b-confirmation/{token} as Daraja (and
the simulator) posts it, with the investor's registered number as the account number, until GET /auth/me (what the
header's balance reads) shows exactly that credit: ingest, event bus, settle (one transaction), read. One payment at
a time, ${samples} payments: p50 **${p50Ms.toFixed(0)} ms**, p99 **${p99Ms.toFixed(0)} ms** (max ${maxMs.toFixed(0)} ms; target ≤ ${VISIBLE_TARGET_MS / 1000} s: ${mark(p99Ms <= VISIBLE_TARGET_MS)}).
The open dashboard shows it at its next read of the balance, which comes on top.
`;
}
