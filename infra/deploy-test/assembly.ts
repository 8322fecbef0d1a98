import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * One stack of a synthesized cloud assembly, as `cdk deploy` would hand it to CloudFormation; or a nested stack, which
 * CloudFormation creates from its parent's AWS::CloudFormation::Stack resource.
 */
export interface SynthesizedStack {
  /** A nested stack is named as CloudFormation names it: `<parent>-<its logical id in the parent>` (less a suffix). */
  readonly name: string;
  readonly region: string;
  readonly templateFile: string;
  readonly template: CfnTemplate;
  /** For a nested stack: its parent stack's name and the logical id of the resource that creates it there. */
  readonly parent?: { readonly name: string; readonly logicalId: string };
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

export interface CfnTemplate {
  readonly Resources: Record<string, CfnResource>;
  readonly Outputs?: Record<string, unknown>;
  readonly Parameters?: Record<string, unknown>;
}

interface Manifest {
  artifacts: Record<
    string,
    { type: string; environment?: string; properties?: { templateFile?: string; file?: string } }
  >;
}

/** A stack's asset manifest (`<stack>.assets.json`): its files, each with where it is uploaded to. */
interface AssetManifest {
  files?: Record<string, { source: { path?: string }; destinations: Record<string, { objectKey: string }> }>;
}

/**
 * Every CloudFormation stack in the assembly folder, with the region its manifest deploys it to, and after each
 * stack the nested stacks it creates (their `*.nested.template.json`, found through its asset manifest).
 */
export function stacksIn(dir: string): SynthesizedStack[] {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Manifest;
  const assetManifests = Object.values(manifest.artifacts)
    .filter((artifact) => artifact.type === "cdk:asset-manifest" && artifact.properties?.file)
    .map(
      (artifact) => JSON.parse(readFileSync(join(dir, artifact.properties?.file as string), "utf8")) as AssetManifest,
    );
  return Object.entries(manifest.artifacts)
    .filter(([, artifact]) => artifact.type === "aws:cloudformation:stack")
    .flatMap(([name, artifact]) => {
      const region = artifact.environment?.split("/").at(-1);
      const file = artifact.properties?.templateFile;
      if (!region || !file) throw new Error(`${name}: the manifest names no region or template`);
      const templateFile = join(dir, file);
      const stack = { name, region, templateFile, template: readTemplate(templateFile) };
      return [stack, ...nestedStacksOf(stack, dir, assetManifests)];
    });
}

/**
 * The nested stacks `stack` creates: each AWS::CloudFormation::Stack's TemplateURL ends with the object key its
 * template file is uploaded as, which an asset manifest maps back to the file in the assembly folder.
 */
function nestedStacksOf(stack: SynthesizedStack, dir: string, manifests: AssetManifest[]): SynthesizedStack[] {
  return resourcesOfType(stack.template, "AWS::CloudFormation::Stack").flatMap(([logicalId, resource]) => {
    const key = JSON.stringify(resource.Properties?.TemplateURL).match(/\/([0-9a-f]{64}\.json)"/)?.[1];
    const path = manifests
      .flatMap((assets) => Object.values(assets.files ?? {}))
      .find((asset) => Object.values(asset.destinations).some((destination) => destination.objectKey === key))
      ?.source.path;
    if (!key || !path) throw new Error(`${stack.name}/${logicalId}: no asset manifest names its template`);
    const templateFile = join(dir, path);
    const nested = {
      name: `${stack.name}-${logicalId}`,
      region: stack.region,
      templateFile,
      template: readTemplate(templateFile),
      parent: { name: stack.name, logicalId },
    };
    return [nested, ...nestedStacksOf(nested, dir, manifests)];
  });
}

function readTemplate(file: string): CfnTemplate {
  return JSON.parse(readFileSync(file, "utf8")) as CfnTemplate;
}

/** The nested stacks of `stack` (and theirs), in `stacks` as stacksIn lists them. */
export function nestedIn(stacks: readonly SynthesizedStack[], stack: SynthesizedStack): SynthesizedStack[] {
  const children = stacks.filter((candidate) => candidate.parent?.name === stack.name);
  return children.flatMap((child) => [child, ...nestedIn(stacks, child)]);
}

/** The resources of one type in a template, by logical id. */
export function resourcesOfType(template: CfnTemplate, type: string): [string, CfnResource][] {
  return Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
}
