/**
 * `npm run data-model`: prints the key chart of every item type (PK, SK, index keys) as a Markdown table, from the
 * entity definitions (functions/src/kernel/dynamo/entities.ts), which call the key builders the code writes with.
 * `-- --write` puts it between the markers of docs/data-model.md; functions/test/data-model.test.ts fails while the
 * document and the builders disagree.
 */
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { keyChart, withKeyChart } from "../functions/src/kernel/dynamo/entities.js";

const { values } = parseArgs({ options: { write: { type: "boolean", default: false } } });
const chart = keyChart();

if (values.write) {
  const path = new URL("../docs/data-model.md", import.meta.url);
  const before = await readFile(path, "utf8");
  const after = withKeyChart(before, chart);
  if (after === before) console.log("docs/data-model.md: the key chart is up to date");
  else {
    await writeFile(path, after);
    console.log("docs/data-model.md: key chart rewritten");
  }
} else {
  console.log(chart);
}
