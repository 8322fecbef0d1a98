/**
 * `npm run migrate`: brings the index keys of a table's items up to what the code writes today (sharded list keys,
 * the statistics totals' shards, the admin search's last-name entries on phone markers, the maturities list's entry of
 * every active investment), records the payout numbers of completed STK deposits made before settlements did, gives
 * ledger lines that settled before status updates recorded when their `settledAt`, and counts the investments the old
 * maturity job had retired as active again until their capital comes back (design.md §13.6), and moves each
 * account's password hash and second factor onto its credential item (docs/adr/0016-credentials-apart.md).
 * Idempotent; safe to run while the product serves (each rewrite is conditional), after the deploy it goes with.
 *
 *   npm run migrate                         the local table (.data/dynamodb; DynamoDB Local is started if npm start
 *                                           is not running)
 *   npm run migrate -- --table <name>       a deployed table, with the AWS credentials and region of the shell
 *   … --dry-run                             counts what would change, changes nothing
 *   … --day-counters-before <ISO instant>   also counts, into the admin's daily figures, the deposits, payouts and
 *                                           real rewards of the ledger that moved before that instant: the deploy
 *                                           that brought the daily money counters (never later, or a move is
 *                                           counted twice). Idempotent: it writes the same figures each run.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { moveCredentials } from "../functions/src/migrations/credential-migration.js";
import { backfillDayCounters } from "../functions/src/migrations/day-counter-backfill.js";
import { migrateIndexKeys } from "../functions/src/migrations/index-key-migration.js";
import { backfillPayoutNumbers } from "../functions/src/migrations/payout-number-backfill.js";
import { restoreRetiredActiveCount } from "../functions/src/migrations/retired-count-migration.js";
import { backfillSettledAt } from "../functions/src/migrations/settled-at-backfill.js";
import { defaultLocalStackOptions, localDynamoForScript } from "./local-stack.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? "") : undefined;
};
const deployedTable = flag("--table");
const dryRun = args.includes("--dry-run");
const dayCountersBefore = flag("--day-counters-before");
if (dayCountersBefore !== undefined && Number.isNaN(Date.parse(dayCountersBefore))) {
  console.error(`--day-counters-before needs an ISO instant (e.g. 2026-11-27T06:00:00Z), not "${dayCountersBefore}"`);
  process.exit(1);
}
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

async function main() {
  let stop = async () => {};
  let client: DynamoDBClient;
  let TableName: string;
  if (deployedTable) {
    client = new DynamoDBClient({ retryMode: "standard", maxAttempts: 8 });
    TableName = deployedTable;
    console.log(`Table ${TableName} in ${await client.config.region()}${dryRun ? " (dry run)" : ""}`);
  } else {
    const options = defaultLocalStackOptions();
    const local = await localDynamoForScript(options);
    const { endpoint } = local;
    client = local.client;
    stop = local.stop;
    TableName = options.tableName;
    console.log(`Local table ${TableName} at ${endpoint}${dryRun ? " (dry run)" : ""}`);
  }
  try {
    const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
    // Credentials apart (ADR 0016): first, since an account not yet moved cannot sign in.
    const credentials = await moveCredentials({ db, TableName }, { dryRun });
    console.log(
      `${dryRun ? "Would move" : "Moved"} the credentials of ${credentials.moved} of ${credentials.users} accounts onto their own item` +
        (credentials.changed > 0 ? `; ${credentials.changed} changed meanwhile: run again.` : "."),
    );
    const report = await migrateIndexKeys({ db, TableName }, { dryRun, log: (line) => console.log(line) });
    console.log(
      `${dryRun ? "Would rewrite" : "Rewrote"} the index keys of ${report.rewritten} of ${report.scanned} items; ` +
        `${report.countersMoved} statistics totals ${dryRun ? "to fold" : "folded"} into today's shards.`,
    );
    // Capital at maturity (design.md §13.6): investments the old job took out of the active count are active again
    // until the maturities job returns their capital (the index keys above list them for it).
    const retired = await restoreRetiredActiveCount({ db, TableName }, { dryRun });
    console.log(
      `${dryRun ? "Would count" : "Counted"} ${retired.restored} matured investments as active again until their capital returns; ` +
        `${retired.dayCounters} old maturity day counters ${dryRun ? "to delete" : "deleted"}.`,
    );
    // Payout numbers (design.md §12.2): the numbers completed STK deposits were paid from before settlements recorded them.
    const payoutNumbers = await backfillPayoutNumbers({ db, TableName }, { dryRun });
    console.log(
      `${dryRun ? "Would record" : "Recorded"} ${payoutNumbers.numbers} payout numbers from ${payoutNumbers.deposits} completed deposits.`,
    );
    // Statements (design.md §12.6): when ledger lines settled before their status updates recorded it.
    const settled = await backfillSettledAt({ db, TableName }, { dryRun });
    console.log(
      `${dryRun ? "Would give" : "Gave"} ${settled.lines} ledger lines their settledAt, from ${settled.read} settled deposits and withdrawals.`,
    );
    // The admin's daily figures (issue 23): money that moved before the transactions counted it, after settledAt.
    if (dayCountersBefore) {
      const before = new Date(dayCountersBefore).toISOString();
      const days = await backfillDayCounters({ db, TableName }, { before, dryRun });
      console.log(
        `${dryRun ? "Would count" : "Counted"} ${days.lines} deposits, payouts and rewards before ${before} into ${days.dayItems} day counters.`,
      );
    } else {
      console.log("Daily money counters: not backfilled (pass --day-counters-before <the deploy's instant>).");
    }
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
