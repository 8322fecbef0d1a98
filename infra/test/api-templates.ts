import { type CfnElement, NestedStack, type Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";

type Json = Record<string, unknown>;

/** The API stack's own template, each of its nested (area) stacks', and the two as one. */
export interface ApiTemplates {
  readonly parent: Template;
  /** Each nested stack's template, by its construct path. */
  readonly nested: ReadonlyMap<string, Template>;
  /**
   * Every resource of the parent and its nested stacks in one template, each nested stack's parameters replaced by
   * the values the parent passes it: what the stage deploys, for tests that look for a function or an alarm wherever
   * it lives.
   */
  readonly all: Template;
}

/** The templates of the API stack and of the nested stacks under it (constructs/route-area.ts). */
export function apiTemplates(api: Stack): ApiTemplates {
  const parent = Template.fromStack(api);
  const parentJson = parent.toJSON() as { Resources: Record<string, Json>; Outputs?: Json; Parameters?: Json };
  const resources: Record<string, Json> = {};
  const nested = new Map<string, Template>();
  /** Each nested stack's outputs, by the logical id of its AWS::CloudFormation::Stack in the parent. */
  const outputs = new Map<string, Record<string, { Value: unknown }>>();
  for (const child of api.node.findAll()) {
    if (child === api || !NestedStack.isNestedStack(child)) continue;
    const template = Template.fromStack(child);
    nested.set(child.node.path, template);
    const json = template.toJSON() as { Resources: Record<string, Json>; Outputs?: Record<string, { Value: unknown }> };
    const [stackId, passed] = stackResource(api, parentJson.Resources, child);
    outputs.set(stackId, json.Outputs ?? {});
    for (const [id, resource] of Object.entries(json.Resources)) {
      if (id in parentJson.Resources || id in resources)
        throw new Error(`${id} is in ${child.node.path} and elsewhere`);
      resources[id] = substitute(resource, (value) => {
        const ref = (value as { Ref?: unknown }).Ref;
        return typeof ref === "string" && ref in passed ? { found: passed[ref] } : undefined;
      }) as Json;
    }
  }
  // The parent reads a nested stack's values as `Fn::GetAtt [<stack>, Outputs.<name>]`: the output's own value here.
  for (const [id, resource] of Object.entries(parentJson.Resources)) {
    resources[id] = substitute(resource, (value) => {
      const getAtt = (value as { "Fn::GetAtt"?: unknown })["Fn::GetAtt"];
      if (!Array.isArray(getAtt) || typeof getAtt[1] !== "string" || !getAtt[1].startsWith("Outputs."))
        return undefined;
      const output = outputs.get(String(getAtt[0]))?.[getAtt[1].slice("Outputs.".length)];
      return output ? { found: output.Value } : undefined;
    }) as Json;
  }
  const all = Template.fromJSON({ ...parentJson, Resources: resources }, { skipCyclicalDependenciesCheck: true });
  return { parent, nested, all };
}

/** The parent's AWS::CloudFormation::Stack for a nested stack: its logical id and the Parameters it passes. */
function stackResource(
  api: Stack,
  parentResources: Record<string, Json>,
  child: NestedStack,
): [string, Record<string, unknown>] {
  const id = api.getLogicalId(child.nestedStackResource as CfnElement);
  const resource = parentResources[id];
  if (!resource) throw new Error(`No AWS::CloudFormation::Stack for ${child.node.path} in its parent`);
  return [id, ((resource.Properties as Json | undefined)?.Parameters ?? {}) as Record<string, unknown>];
}

/** `value` with every object `replace` finds a replacement for replaced, however deep. */
function substitute(value: unknown, replace: (value: object) => { found: unknown } | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, replace));
  if (value === null || typeof value !== "object") return value;
  const replaced = replace(value);
  if (replaced) return replaced.found;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, replace)]));
}
