import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One stack of a synthesized cloud assembly, as `cdk deploy` would hand it to CloudFormation. */
export interface SynthesizedStack {
  readonly name: string;
  readonly region: string;
  readonly templateFile: string;
  readonly template: CfnTemplate;
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

export interface CfnTemplate {
  readonly Resources: Record<string, CfnResource>;
  readonly Outputs?: Record<string, unknown>;
}

interface Manifest {
  artifacts: Record<string, { type: string; environment?: string; properties?: { templateFile?: string } }>;
}

/** Every CloudFormation stack in the assembly folder, with the region its manifest deploys it to. */
export function stacksIn(dir: string): SynthesizedStack[] {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Manifest;
  return Object.entries(manifest.artifacts)
    .filter(([, artifact]) => artifact.type === "aws:cloudformation:stack")
    .map(([name, artifact]) => {
      const region = artifact.environment?.split("/").at(-1);
      const file = artifact.properties?.templateFile;
      if (!region || !file) throw new Error(`${name}: the manifest names no region or template`);
      const templateFile = join(dir, file);
      return { name, region, templateFile, template: JSON.parse(readFileSync(templateFile, "utf8")) as CfnTemplate };
    });
}

/** The resources of one type in a template, by logical id. */
export function resourcesOfType(template: CfnTemplate, type: string): [string, CfnResource][] {
  return Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
}
