/**
 * Partition heat for `npm run bench`: runs the seeded random workload (quality R6: registrations, then 10,000 deposits,
 * purchases, claims, withdrawals and admin decisions at concurrency 16) on DynamoDB Local with the table's stream on,
 * and reports how its writes landed on the partition keys of the table and of each index (functions/test/support/
 * partition-heat.ts counts them from the stream). `BENCH_ONLY=partitions npm run bench` measures this alone.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { FamilyHeat, IndexHeat } from "../functions/test/support/partition-heat.js";
import { repoRoot } from "./local-stack.js";

/** Users registered before the run: enough that user-keyed lists spread as they would with many investors. */
const USERS = Number(process.env.BENCH_SIM_USERS ?? 400);
const SHARDS = 16;

interface HeatReport {
  seed: number;
  users: number;
  writes: Record<string, IndexHeat>;
  items: Record<string, IndexHeat>;
  families: FamilyHeat[];
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

export const PARTITION_HEAT_HEADING = "## Partition heat";

export function measurePartitionHeat(): string {
  const reportFile = join(repoRoot, ".test-artifacts", "bench", "partition-heat.json");
  rmSync(reportFile, { force: true });
  console.log(`Partition heat: the R6 workload over ${USERS} users, DynamoDB stream on…`);
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--project", "functions", "test/money-simulation.test.ts", "-t", "R6"],
    {
      cwd: repoRoot,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        SIM_USERS: String(USERS),
        PARTITION_HEAT_REPORT: reportFile,
        DYNAMODB_TEST_PORT: process.env.BENCH_DYNAMODB_PORT ?? "8390",
        NO_COLOR: "1",
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      },
    },
  );
  if (run.status !== 0 || !existsSync(reportFile)) throw new Error("the R6 workload failed; see its output above");
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as HeatReport;

  const indexRows = Object.entries(report.writes).map(([index, writes]) => {
    const items = report.items[index];
    return `| ${index === "table" ? "table (PK)" : index} | ${writes.total.toLocaleString("en")} | ${writes.keys.toLocaleString("en")} | \`${writes.hottest.key}\` | ${percent(writes.hottest.share)} | ${items ? `${percent(items.hottest.share)} (\`${items.hottest.key}\`)` : "—"} |`;
  });
  const familyRows = report.families
    .filter((family) => family.total >= 50)
    .map(
      (family) =>
        `| \`${family.family}#<nn>\` | ${family.index} | ${family.total.toLocaleString("en")} | ${family.shardsUsed} of ${SHARDS} | ${percent(family.hottestShare)} |`,
    );
  const ledger = report.families.filter((family) => family.family.startsWith("TX") && family.total >= 800);
  const users = report.families.filter((family) => ["USERS", "USEREMAIL", "USERNAME"].includes(family.family));
  const worst = (families: FamilyHeat[]) => Math.max(...families.map((family) => family.hottestShare));
  for (const [index, writes] of Object.entries(report.writes)) {
    console.log(
      `  ${index.padEnd(6)} ${String(writes.total).padStart(7)} writes, hottest ${writes.hottest.key} ${percent(writes.hottest.share)}`,
    );
  }

  return `${PARTITION_HEAT_HEADING}

The seeded random workload of quality R6 (seed ${report.seed}): ${report.users} registrations (ten with a referral code),
then 10,000 deposits, purchases, claims, withdrawals and admin decisions at concurrency 16, on DynamoDB Local with the
table's stream on. Every change counts one write on the table's partition key and, on each index, one on the key the
item has after it (and a delete on the key it left); every index projects the whole item, so a balance change is also a
write on the user's three list entries. Ideal spread over ${SHARDS} shards: ${percent(1 / SHARDS)} a shard. Hottest
shard of a ledger list: **${percent(worst(ledger))}** (lists with ≥ 800 writes); of a user list: **${percent(worst(users))}**
(user lists are sharded by user id, so their spread is that of ${report.users} users over ${SHARDS} shards). Capacity
at scale: docs/scaling.md.

| Index | Writes | Keys written | Hottest key | Its share of writes | Hottest key's share of items |
|---|---|---|---|---|---|
${indexRows.join("\n")}

| Sharded list | Index | Writes | Shards written | Hottest shard's share |
|---|---|---|---|---|
${familyRows.join("\n")}
`;
}
