/**
 * docs/data-model.md's key chart is the one the entity definitions print (npm run data-model): a key builder changed
 * without the document fails here. Also: each item type of the chart has its notes, and the printed patterns are the
 * builders' own output, with every shard shown as `<nn>`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type EntityDefinition,
  entities,
  keyChart,
  keyChartIn,
  keyChartMarkers,
  keyChartRows,
  withKeyChart,
} from "../src/kernel/dynamo/entities.js";
import { keys } from "../src/kernel/dynamo/keys.js";

const doc = readFileSync(new URL("../../docs/data-model.md", import.meta.url), "utf8");

/** The item names of the "Notes per item" section's bullets (`- **Name**: …`), up to the next heading. */
function notedItems(text: string): string[] {
  const section = text.split("### Notes per item")[1]?.split(/\n#{2,3} /)[0] ?? "";
  return [...section.matchAll(/^- \*\*(.+?)\*\*:/gm)].map((match) => match[1] ?? "");
}

describe("docs/data-model.md's key chart", () => {
  it("is exactly what the entity definitions print (npm run data-model -- --write reprints it)", () => {
    expect(keyChartIn(doc), `the markers ${keyChartMarkers.start} … ${keyChartMarkers.end}`).toBe(keyChart());
  });

  it("names every item type once, each with its notes", () => {
    const names = entities.map((entity) => entity.name);
    expect(new Set(names).size).toBe(names.length);
    expect(notedItems(doc)).toEqual(names);
  });

  it("no longer matches once a key builder writes another key", () => {
    const changed: EntityDefinition[] = entities.map((entity) =>
      entity.name === "Claim marker"
        ? { ...entity, keys: [{ PK: "USER#<id>", SK: "CLAIMED#<investmentId>" }] }
        : entity,
    );
    expect(keyChart(changed)).not.toBe(keyChartIn(doc));
    expect(keyChartIn(withKeyChart(doc, keyChart(changed)))).toBe(keyChart(changed));
  });
});

describe("the printed patterns", () => {
  const row = (name: string) => keyChartRows().find(([item]) => item === name) ?? [];

  it("are the builders' output for the placeholders", () => {
    expect(row("Claim marker")).toEqual([
      "Claim marker",
      "`USER#<id>`",
      `\`${keys.claimMarker("<id>", "<investmentId>", "<yyyy-mm-dd>").SK}\``,
      "—",
    ]);
    // The builders' own case rules show: an email lower case, a referral code upper case.
    expect(row("Referral code marker")[1]).toBe("`UNIQUE#REFCODE#<CODE>`");
  });

  it("show a sharded partition as <nn>, whichever shard the placeholder hashes to", () => {
    expect(keys.usersList("<id>")).toMatch(/^USERS#\d{2}$/);
    expect(row("User")[3]).toContain("GSI1 `USERS#<nn>` / `<createdAt>#<id>`");
    expect(row("Statistics totals").slice(1, 3)).toEqual(["`STATS#<nn>`", "`TOTALS`"]);
    // An unsharded partition is left as it is.
    expect(row("Package")[3]).toBe("GSI1 `PACKAGES` / `<createdAt>#<ulid>`");
  });

  it("join an item type's several key shapes in one cell", () => {
    expect(row("STK prompt throttle").slice(1, 3)).toEqual([
      "`THROTTLE#STK#USER#<userId>` / `THROTTLE#STK#PHONE#<msisdn>`",
      "`<yyyy-mm-ddThh>`",
    ]);
  });
});
