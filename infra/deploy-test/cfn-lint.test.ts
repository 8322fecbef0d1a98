/**
 * AWS's CloudFormation linter over every stack of the dev and prod synth (nested stacks too, each from its own
 * template file), each in the region it deploys to, with the
 * informational checks on: it knows each resource type's schema, which intrinsic functions each place accepts and what
 * a region offers, which the template assertions do not. The rules it may ignore are in infra/.cfnlintrc.yaml, with
 * their reasons; every other finding fails.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { type SynthesizedStack, stacksIn } from "./assembly.js";
import { STAGE_FIXTURES } from "./stages.js";

const infraDir = join(import.meta.dirname, "..");

interface Finding {
  Filename: string;
  Rule: { Id: string };
  Message: string;
  Location: { Path: (string | number)[] };
}

/**
 * Lints every template of one region in one cfn-lint process: its start (Python, the resource schemas) costs more than
 * linting a small template, and each finding names its file.
 */
function lint(templateFiles: string[], region: string): Finding[] {
  const run = spawnSync("cfn-lint", ["--regions", region, "--format", "json", "--", ...templateFiles], {
    cwd: infraDir,
    encoding: "utf8",
  });
  if (run.error) {
    throw new Error(
      "cfn-lint is not installed: it is AWS's CloudFormation linter, a Python program (pip install cfn-lint); " +
        ".ci/run and the README say how to get it",
      { cause: run.error },
    );
  }
  try {
    return JSON.parse(run.stdout) as Finding[];
  } catch {
    throw new Error(`cfn-lint did not answer with findings (exit ${run.status}): ${run.stderr || run.stdout}`);
  }
}

/** The findings of every stack of a synth, by template file, from one cfn-lint run per region. */
function lintAll(stacks: SynthesizedStack[]): Map<string, string[]> {
  const byFile = new Map(stacks.map((stack) => [stack.templateFile, [] as string[]]));
  for (const region of new Set(stacks.map((stack) => stack.region))) {
    const files = stacks.filter((stack) => stack.region === region).map((stack) => stack.templateFile);
    for (const finding of lint(files, region)) {
      const line = `${finding.Rule.Id} ${finding.Location.Path.join("/")}: ${finding.Message}`;
      const list = byFile.get(finding.Filename);
      if (!list) throw new Error(`cfn-lint reported a file it was not given: ${finding.Filename}: ${line}`);
      list.push(line);
    }
  }
  return byFile;
}

describe.each(STAGE_FIXTURES)("cfn-lint over the $stage synth", ({ stage }) => {
  const stacks = () => stacksIn(inject("synthDirs")[stage]);

  let findings: Map<string, string[]> | undefined;
  const findingsIn = (stack: SynthesizedStack) => {
    findings ??= lintAll(stacks());
    return findings.get(stack.templateFile) ?? [];
  };

  it("finds every stack, each with its own region (Edge in us-east-1, where CloudFront reads web ACLs)", () => {
    const topLevel = stacks().filter((stack) => !stack.parent);
    const regions = Object.fromEntries(topLevel.map((stack) => [stack.name.split("-").at(-1), stack.region]));
    expect(regions).toEqual({ Data: "af-south-1", Api: "af-south-1", Edge: "us-east-1", Web: "af-south-1" });
    // The Api stack's areas (infra/lib/constructs/route-area.ts: alerts, console, identity) and its scheduled jobs
    // (constructs/scheduled-jobs.ts), in its region.
    const nested = stacks().filter((stack) => stack.parent);
    expect(nested.map((stack) => [stack.parent?.name.split("-").at(-1), stack.region])).toEqual([
      ["Api", "af-south-1"],
      ["Api", "af-south-1"],
      ["Api", "af-south-1"],
      ["Api", "af-south-1"],
    ]);
  });

  it.each(["Data", "Api", "Edge", "Web"])("finds nothing in the %s stack", (part) => {
    const stack = stacks().find((candidate) => !candidate.parent && candidate.name.endsWith(`-${part}`));
    if (!stack) throw new Error(`no ${part} stack in the ${stage} synth`);
    expect(findingsIn(stack)).toEqual([]);
  });

  it("finds nothing in any nested stack", () => {
    const nested = stacks().filter((stack) => stack.parent);
    expect(nested.length).toBeGreaterThan(0);
    expect(Object.fromEntries(nested.map((stack) => [stack.name, findingsIn(stack)]))).toEqual(
      Object.fromEntries(nested.map((stack) => [stack.name, []])),
    );
  });
});
