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
const CYCLES = "suspicious/noImportCycles";

async function lint(cwd: string, paths: string[], rules = [RULE]): Promise<{ passed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(biome, ["lint", ...rules.map((rule) => `--only=${rule}`), ...paths], {
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

async function lintProbe(probe: Probe, variant: "breaks" | "keeps") {
  const files = [
    { path: probe.path, source: probe[variant] },
    ...(probe.twin ? [{ path: probe.twin.path, source: probe.twin[variant] }] : []),
  ];
  for (const { path, source } of files) {
    const file = join(scratch, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  try {
    return await lint(scratch, [probe.path], [probe.rule ?? RULE]);
  } finally {
    for (const { path } of files) rmSync(join(scratch, path));
  }
}

interface Probe {
  boundary: string;
  path: string;
  breaks: string;
  keeps: string;
  /** The lint rule that holds this boundary (noRestrictedImports unless named). */
  rule?: string;
  /** A second file written beside the probe (an import circle needs two). */
  twin?: { path: string; breaks: string; keeps: string };
}

const probes: Probe[] = [
  {
    boundary: "a module's service does not import the AWS SDK",
    path: "functions/src/modules/investing/probe.ts",
    breaks: 'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";\nexport const probe = DynamoDBClient;\n',
    keeps: 'import type { InvestorRepository } from "./port.js";\nexport type Probe = InvestorRepository;\n',
  },
  {
    boundary: "a module reaches another module only through its index.ts",
    path: "functions/src/modules/money-out/probe.ts",
    breaks:
      'import { createInvestmentService } from "../investing/investments.js";\nexport const probe = createInvestmentService;\n',
    keeps: 'import { withBalanceChange } from "../investing/index.js";\nexport const probe = withBalanceChange;\n',
  },
  {
    boundary: "a module's adapter reaches another module only through its index.ts",
    path: "functions/src/modules/money-in/dynamo/probe.ts",
    breaks:
      'import { createDynamoPayoutRepository } from "../../money-out/dynamo/payout-repository.js";\nexport const probe = createDynamoPayoutRepository;\n',
    keeps: 'import { keys } from "../../../kernel/dynamo/keys.js";\nexport const probe = keys;\n',
  },
  {
    boundary: "a module does not import the HTTP edge",
    path: "functions/src/modules/identity/probe.ts",
    breaks: 'import { httpHandler } from "../../http/middleware.js";\nexport const probe = httpHandler;\n',
    keeps: 'import { systemClock } from "../../kernel/clock.js";\nexport const probe = systemClock;\n',
  },
  {
    boundary: "the kernel imports no module",
    path: "functions/src/kernel/probe.ts",
    breaks:
      'import { createInvestmentService } from "../modules/investing/index.js";\nexport const probe = createInvestmentService;\n',
    keeps: 'import { systemClock } from "./clock.js";\nexport const probe = systemClock;\n',
  },
  {
    boundary: "an adapter knows no module",
    path: "functions/src/adapters/daraja/probe.ts",
    breaks:
      'import { createDepositService } from "../../modules/money-in/index.js";\nexport const probe = createDepositService;\n',
    keeps: 'import { systemClock } from "../../kernel/clock.js";\nexport const probe = systemClock;\n',
  },
  {
    boundary: "a handler does not import the AWS SDK",
    path: "functions/src/handlers/http/probe.ts",
    breaks: 'import { QueryCommand } from "@aws-sdk/lib-dynamodb";\nexport const probe = QueryCommand;\n',
    keeps: 'import { admin } from "../../modules/admin-controls/index.js";\nexport const probe = admin;\n',
  },
  {
    boundary: "a handler reaches a module only through its index.ts",
    path: "functions/src/handlers/events/probe.ts",
    breaks:
      'import { createDynamoStatsRepository } from "../../modules/admin-controls/dynamo/stats-repository.js";\nexport const probe = createDynamoStatsRepository;\n',
    keeps: 'import { stats } from "../../modules/admin-controls/index.js";\nexport const probe = stats;\n',
  },
  {
    boundary: "no import circle in the server",
    path: "functions/src/kernel/probe.ts",
    rule: "suspicious/noImportCycles",
    twin: {
      path: "functions/src/kernel/probe-twin.ts",
      breaks: 'import { probe } from "./probe.js";\nexport const twin = () => probe;\n',
      keeps: "export const twin = () => 1;\n",
    },
    breaks: 'import { twin } from "./probe-twin.js";\nexport const probe = twin;\n',
    keeps: 'import { twin } from "./probe-twin.js";\nexport const probe = twin;\n',
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
  it.each(probes)("$boundary: an import crossing it fails the lint", async (probe) => {
    const result = await lintProbe(probe, "breaks");
    expect(result.passed).toBe(false);
    expect(result.output).toContain(`lint/${probe.rule ?? RULE}`);
  });

  it.each(probes)("$boundary: an import keeping to it passes", async (probe) => {
    const result = await lintProbe(probe, "keeps");
    expect(result.output).not.toContain(`lint/${probe.rule ?? RULE}`);
    expect(result.passed).toBe(true);
  });

  it("finds no boundary crossed and no import circle in the tree as it is", async () => {
    const result = await lint(repoRoot, ["functions/src", "shared/src", "web/src"], [RULE, CYCLES]);
    expect(result.output).not.toContain(`lint/${RULE}`);
    expect(result.output).not.toContain(`lint/${CYCLES}`);
    expect(result.passed).toBe(true);
  });
});
