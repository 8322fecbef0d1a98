/**
 * The architecture's import boundaries are lint rules (biome.json's overrides, run by `npm run lint`). Each probe
 * below is a file that breaks one boundary, linted with the project's own biome.json in a scratch copy of the
 * layout, so the real tree never holds it; its twin in the same folder stays inside the boundary and must pass.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const biome = join(repoRoot, "node_modules/.bin/biome");
const RULE = "style/noRestrictedImports";

async function lint(cwd: string, paths: string[]): Promise<{ passed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(biome, ["lint", `--only=${RULE}`, ...paths], {
      cwd,
      env: { ...process.env, NO_COLOR: "1" },
    });
    return { passed: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { passed: false, output: stdout + stderr };
  }
}

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "boundaries-"));
  // biome.json reads the ignore file (vcs.useIgnoreFile), so it comes along.
  for (const file of ["biome.json", ".gitignore"]) cpSync(join(repoRoot, file), join(scratch, file));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function lintProbe(path: string, source: string) {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  try {
    return await lint(scratch, [path]);
  } finally {
    rmSync(file);
  }
}

const probes: { boundary: string; path: string; breaks: string; keeps: string }[] = [
  {
    boundary: "a service does not import the AWS SDK",
    path: "functions/src/services/probe.ts",
    breaks: 'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";\nexport const probe = DynamoDBClient;\n',
    keeps:
      'import type { AccountRepository } from "../repositories/ports.js";\nexport type Probe = AccountRepository;\n',
  },
  {
    boundary: "a handler does not import the AWS SDK",
    path: "functions/src/handlers/http/probe.ts",
    breaks: 'import { QueryCommand } from "@aws-sdk/lib-dynamodb";\nexport const probe = QueryCommand;\n',
    keeps: 'import { admin } from "../../app.js";\nexport const probe = admin;\n',
  },
  {
    boundary: "a handler reaches an adapter only through the composition root",
    path: "functions/src/handlers/events/probe.ts",
    breaks:
      'import { createDynamoStatsRepository } from "../../repositories/dynamo/stats-repository.js";\nexport const probe = createDynamoStatsRepository;\n',
    keeps: 'import { stats } from "../../app.js";\nexport const probe = stats;\n',
  },
  {
    boundary: "lib/ does not import the composition root",
    path: "functions/src/lib/probe.ts",
    breaks: 'import { admin } from "../app.js";\nexport const probe = admin;\n',
    keeps: 'import { systemClock } from "./clock.js";\nexport const probe = systemClock;\n',
  },
  {
    boundary: "a web feature does not import another feature",
    path: "web/src/features/history/components/probe.ts",
    breaks: 'import { canClaim } from "../../investments/lib/investment-status";\nexport const probe = canClaim;\n',
    keeps:
      'import { formatDate } from "../../../lib/format";\nimport { useHistory } from "../hooks/use-history";\nexport const probe = [formatDate, useHistory];\n',
  },
  {
    boundary: "a web feature does not import another feature by a path through features/",
    path: "web/src/features/history/hooks/probe.ts",
    breaks:
      'import { canClaim } from "../../../features/investments/lib/investment-status";\nexport const probe = canClaim;\n',
    keeps: 'import { apiRequest } from "../../../lib/api-client";\nexport const probe = apiRequest;\n',
  },
  {
    boundary: "shared/ depends on zod alone",
    path: "shared/src/probe.ts",
    breaks: 'import { createHash } from "node:crypto";\nexport const probe = createHash;\n',
    keeps:
      'import * as z from "zod/mini";\nimport { kesToCents } from "./money.js";\nexport const probe = [z, kesToCents];\n',
  },
];

describe("import boundaries (npm run lint)", () => {
  it.each(probes)("$boundary: an import crossing it fails the lint", async ({ path, breaks }) => {
    const result = await lintProbe(path, breaks);
    expect(result.passed).toBe(false);
    expect(result.output).toContain(`lint/${RULE}`);
  });

  it.each(probes)("$boundary: an import keeping to it passes", async ({ path, keeps }) => {
    const result = await lintProbe(path, keeps);
    expect(result.output).not.toContain(`lint/${RULE}`);
    expect(result.passed).toBe(true);
  });

  it("finds no boundary crossed in the tree as it is", async () => {
    const result = await lint(repoRoot, ["functions/src", "shared/src", "web/src"]);
    expect(result.output).not.toContain(`lint/${RULE}`);
    expect(result.passed).toBe(true);
  });
});
