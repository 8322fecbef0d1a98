import { createHash } from "node:crypto";
import type { CfnTemplate, SynthesizedStack } from "./assembly.js";

/**
 * The synthesized stacks as if CloudFormation had deployed them into one made-up account: every intrinsic function
 * an IAM policy, a role or a function's environment uses (Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split,
 * Fn::GetStackOutput, Fn::ImportValue, the pseudo parameters, a nested stack's parameters and a parent's reads of its
 * outputs) resolved to the concrete names and ARNs that deployment would give, so that an IAM simulator can be asked
 * about them. A resource without a name of its own gets one the way
 * CloudFormation makes it: `<stack>-<logical id>-<suffix>`.
 */

export const FAKE_ACCOUNT = "123456789012";
const PARTITION = "aws";
const URL_SUFFIX = "amazonaws.com";
/** The random tail CloudFormation and Secrets Manager append to generated names. */
const SUFFIX = "FAKE0123";

export interface PolicyStatement {
  readonly Sid?: string;
  readonly Effect: "Allow" | "Deny";
  readonly Action?: string | string[];
  readonly NotAction?: string | string[];
  readonly Resource?: string | string[];
  readonly NotResource?: string | string[];
  readonly Condition?: unknown;
}

export interface PolicyDocument {
  readonly Version: string;
  readonly Statement: PolicyStatement[];
}

export interface NamedPolicy {
  readonly name: string;
  readonly policy: PolicyDocument;
}

/**
 * AWS managed policies are not in the templates, so the simulation cannot read them there. The ones the stacks attach
 * are modelled here by the document AWS publishes for them (the policy's default version); a role with any other
 * managed policy is refused (`identityOf` throws), so nothing it grants can escape the simulation unseen.
 */
export const KNOWN_MANAGED_POLICIES: Readonly<Record<string, PolicyDocument>> = {
  [`arn:${PARTITION}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole`]: {
    Version: "2012-10-17",
    Statement: [
      {
        Effect: "Allow",
        Action: ["logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"],
        Resource: "*",
      },
    ],
  },
};

/** What a role may do: its identity policies, resolved, with the managed ones expanded to their documents. */
export interface RoleIdentity {
  readonly arn: string;
  /** The role's inline policies and the AWS::IAM::Policy resources attached to it. */
  readonly inline: NamedPolicy[];
  /** The managed policies attached to it, by ARN, with their documents. */
  readonly managed: NamedPolicy[];
}

/** A Lambda function as deployed: its role's identity, its log group and its environment, all resolved. */
export interface DeployedFunction {
  readonly stack: string;
  readonly logicalId: string;
  readonly description: string | undefined;
  readonly role: RoleIdentity;
  readonly logGroupArn: string;
  readonly environment: Readonly<Record<string, string>>;
}

interface Resource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

type Output = { Value: unknown; Export?: { Name: unknown } };

export class FakeDeployment {
  private readonly byName: Map<string, SynthesizedStack>;

  constructor(readonly stacks: readonly SynthesizedStack[]) {
    this.byName = new Map(stacks.map((stack) => [stack.name, stack]));
  }

  stack(name: string): SynthesizedStack {
    const stack = this.byName.get(name);
    if (!stack) throw new Error(`No stack ${name} in the assembly`);
    return stack;
  }

  /** The first stack whose name ends with `-<part>` (Data, Api, Edge, Web). */
  stackEndingWith(part: string): SynthesizedStack {
    const stack = this.stacks.find((candidate) => candidate.name.endsWith(`-${part}`));
    if (!stack) throw new Error(`No ${part} stack in the assembly`);
    return stack;
  }

  /** A value of `stack`'s template with every intrinsic function in it replaced by what it would deploy as. */
  resolve(stackName: string, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(stackName, item));
    if (value === null || typeof value !== "object") return value;
    const entries = Object.entries(value);
    const [first] = entries;
    if (entries.length === 1 && first && (first[0] === "Ref" || first[0].startsWith("Fn::"))) {
      return this.intrinsic(stackName, first[0], first[1]);
    }
    return Object.fromEntries(entries.map(([key, item]) => [key, this.resolve(stackName, item)]));
  }

  resolveString(stackName: string, value: unknown): string {
    const resolved = this.resolve(stackName, value);
    if (typeof resolved !== "string") throw new Error(`${JSON.stringify(value)} does not resolve to a string`);
    return resolved;
  }

  /** The role's identity policies: inline, attached AWS::IAM::Policy resources and managed policies. */
  identityOf(stackName: string, roleLogicalId: string): RoleIdentity {
    const { template } = this.stack(stackName);
    const role = this.resource(stackName, roleLogicalId);
    if (role.Type !== "AWS::IAM::Role") throw new Error(`${roleLogicalId} is a ${role.Type}, not an IAM role`);
    const properties = role.Properties ?? {};
    const inline: NamedPolicy[] = (
      (properties.Policies ?? []) as { PolicyName: unknown; PolicyDocument: unknown }[]
    ).map((policy) => ({
      name: `${roleLogicalId}/${this.resolveString(stackName, policy.PolicyName)}`,
      policy: this.resolve(stackName, policy.PolicyDocument) as PolicyDocument,
    }));
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== "AWS::IAM::Policy" && resource.Type !== "AWS::IAM::ManagedPolicy") continue;
      const attached = (resource.Properties?.Roles ?? []) as unknown[];
      if (!attached.some((ref) => isRefTo(ref, roleLogicalId))) continue;
      inline.push({ name: id, policy: this.resolve(stackName, resource.Properties?.PolicyDocument) as PolicyDocument });
    }
    const managed = ((properties.ManagedPolicyArns ?? []) as unknown[]).map((arn) => {
      const resolved = this.resolveString(stackName, arn);
      const policy = KNOWN_MANAGED_POLICIES[resolved];
      if (!policy) {
        throw new Error(
          `${stackName}/${roleLogicalId} has the managed policy ${resolved}, which the IAM simulation does not know: ` +
            "add its document to KNOWN_MANAGED_POLICIES (infra/deploy-test/iam-policies.ts)",
        );
      }
      return { name: resolved, policy };
    });
    return { arn: this.resolveString(stackName, { "Fn::GetAtt": [roleLogicalId, "Arn"] }), inline, managed };
  }

  /** Every AWS::Lambda::Function of the stack, with its role, log group and environment resolved. */
  functionsOf(stackName: string): DeployedFunction[] {
    const { template } = this.stack(stackName);
    return Object.entries(template.Resources)
      .filter(([, resource]) => resource.Type === "AWS::Lambda::Function")
      .map(([logicalId, resource]) => {
        const properties = resource.Properties ?? {};
        const roleRef = properties.Role as { "Fn::GetAtt"?: [string, string] } | undefined;
        const roleId = roleRef?.["Fn::GetAtt"]?.[0];
        if (!roleId || roleRef?.["Fn::GetAtt"]?.[1] !== "Arn") {
          throw new Error(`${stackName}/${logicalId}: its Role is not the ARN of a role in the stack`);
        }
        const logGroup = (properties.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup;
        const logGroupName = logGroup
          ? this.resolveString(stackName, logGroup)
          : `/aws/lambda/${this.physicalName(stackName, logicalId)}`;
        const variables = (properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
        return {
          stack: stackName,
          logicalId,
          description: properties.Description as string | undefined,
          role: this.identityOf(stackName, roleId),
          logGroupArn: this.arn(stackName, "logs", `log-group:${logGroupName}`),
          environment: Object.fromEntries(
            Object.entries(variables ?? {}).map(([name, value]) => [name, this.resolveString(stackName, value)]),
          ),
        };
      });
  }

  /** `arn:aws:<service>:<stack's region>:<account>:<resource>`. */
  arn(stackName: string, service: string, resource: string): string {
    return `arn:${PARTITION}:${service}:${this.stack(stackName).region}:${FAKE_ACCOUNT}:${resource}`;
  }

  private resource(stackName: string, logicalId: string): Resource {
    const resource = this.stack(stackName).template.Resources[logicalId];
    if (!resource) throw new Error(`No resource ${logicalId} in ${stackName}`);
    return resource;
  }

  /** The name CloudFormation generates for a resource that is not given one. */
  private physicalName(stackName: string, logicalId: string): string {
    return `${stackName}-${logicalId}-${SUFFIX}`;
  }

  private intrinsic(stackName: string, name: string, argument: unknown): unknown {
    switch (name) {
      case "Ref":
        return this.ref(stackName, argument as string);
      case "Fn::GetAtt": {
        const [id, attribute] = typeof argument === "string" ? splitOnce(argument, ".") : (argument as string[]);
        if (!id || !attribute) throw new Error(`Fn::GetAtt ${JSON.stringify(argument)} names no attribute`);
        const name = this.resolveString(stackName, attribute);
        // A nested stack's output, read by its parent.
        if (name.startsWith("Outputs.")) {
          const nested = this.nestedStack(stackName, id);
          return this.resolve(nested.name, this.output(nested.template, name.slice("Outputs.".length)).Value);
        }
        return this.getAtt(stackName, id, name);
      }
      case "Fn::Join": {
        const [separator, parts] = argument as [string, unknown[]];
        const resolved = this.resolve(stackName, parts);
        if (!Array.isArray(resolved)) throw new Error(`Fn::Join over ${JSON.stringify(parts)}, not a list`);
        return resolved.map((part) => this.asString(part)).join(separator);
      }
      case "Fn::Sub": {
        const [text, variables] = typeof argument === "string" ? [argument, {}] : (argument as [string, object]);
        const bound = this.resolve(stackName, variables) as Record<string, unknown>;
        return text.replace(/\$\{([^}!][^}]*)\}/g, (_, reference: string) => {
          if (reference in bound) return this.asString(bound[reference]);
          const [id, attribute] = splitOnce(reference, ".");
          return this.asString(attribute ? this.getAtt(stackName, id, attribute) : this.ref(stackName, reference));
        });
      }
      case "Fn::Select": {
        const [index, list] = argument as [unknown, unknown];
        const resolved = this.resolve(stackName, list);
        if (!Array.isArray(resolved)) throw new Error(`Fn::Select from ${JSON.stringify(list)}, not a list`);
        return resolved[Number(this.resolve(stackName, index))];
      }
      case "Fn::Split": {
        const [separator, text] = argument as [string, unknown];
        return this.resolveString(stackName, text).split(separator);
      }
      case "Fn::GetStackOutput": {
        const { StackName, Region, OutputName } = this.resolve(stackName, argument) as Record<string, string>;
        const source = this.stack(StackName as string);
        if (source.region !== Region) {
          throw new Error(`Fn::GetStackOutput asks ${StackName} in ${Region}, but it deploys to ${source.region}`);
        }
        return this.resolve(source.name, this.output(source.template, OutputName as string).Value);
      }
      case "Fn::ImportValue": {
        const exportName = this.resolveString(stackName, argument);
        for (const stack of this.stacks) {
          for (const output of Object.values((stack.template.Outputs ?? {}) as Record<string, Output>)) {
            if (output.Export && this.resolve(stack.name, output.Export.Name) === exportName) {
              return this.resolve(stack.name, output.Value);
            }
          }
        }
        throw new Error(`Fn::ImportValue ${exportName}: no stack exports it`);
      }
      default:
        throw new Error(`${stackName}: the fake deployment cannot resolve ${name} ${JSON.stringify(argument)}`);
    }
  }

  /** The nested stack the parent's resource `logicalId` creates. */
  private nestedStack(parentName: string, logicalId: string): SynthesizedStack {
    const nested = this.stacks.find(
      (stack) => stack.parent?.name === parentName && stack.parent.logicalId === logicalId,
    );
    if (!nested) throw new Error(`${parentName}/${logicalId} creates no nested stack in the assembly`);
    return nested;
  }

  private output(template: CfnTemplate, name: string): Output {
    const output = (template.Outputs as Record<string, Output> | undefined)?.[name];
    if (!output) throw new Error(`No output ${name}`);
    return output;
  }

  private asString(value: unknown): string {
    if (typeof value === "string" || typeof value === "number") return String(value);
    throw new Error(`${JSON.stringify(value)} is not a string`);
  }

  private ref(stackName: string, id: string): string {
    const { region, template, parent } = this.stack(stackName);
    // A nested stack's parameter: the value its parent passes in the AWS::CloudFormation::Stack resource.
    if (parent && template.Parameters && id in template.Parameters) {
      const passed = this.resource(parent.name, parent.logicalId).Properties?.Parameters as Record<string, unknown>;
      if (!passed || !(id in passed)) throw new Error(`${parent.name} passes ${stackName} no parameter ${id}`);
      return this.resolveString(parent.name, passed[id]);
    }
    switch (id) {
      case "AWS::Partition":
        return PARTITION;
      case "AWS::Region":
        return region;
      case "AWS::AccountId":
        return FAKE_ACCOUNT;
      case "AWS::URLSuffix":
        return URL_SUFFIX;
      case "AWS::StackName":
        return stackName;
      case "AWS::StackId":
        return this.arn(stackName, "cloudformation", `stack/${stackName}/${SUFFIX}`);
    }
    const resource = this.resource(stackName, id);
    const named = (property: string) =>
      (resource.Properties?.[property] as unknown) ?? this.physicalName(stackName, id);
    const name = (property: string) => this.resolveString(stackName, named(property));
    switch (resource.Type) {
      case "AWS::SecretsManager::Secret":
        return this.arn(stackName, "secretsmanager", `secret:${name("Name")}-AbCdEf`);
      case "AWS::DynamoDB::GlobalTable":
      case "AWS::DynamoDB::Table":
        return name("TableName");
      case "AWS::Logs::LogGroup":
        return name("LogGroupName");
      case "AWS::IAM::Role":
        return name("RoleName");
      case "AWS::Events::EventBus":
        return name("Name");
      case "AWS::Lambda::Function":
        return name("FunctionName");
      case "AWS::SQS::Queue":
        return `https://sqs.${this.stack(stackName).region}.${URL_SUFFIX}/${FAKE_ACCOUNT}/${name("QueueName")}`;
      case "AWS::SNS::Topic":
        return this.arn(stackName, "sns", name("TopicName"));
      case "AWS::S3::Bucket":
        return name("BucketName").toLowerCase();
      case "AWS::KMS::Key":
        // A key's id is a UUID KMS picks; one made from the logical id keeps each key's distinct.
        return `${createHash("sha256").update(`${stackName}/${id}`).digest("hex").slice(0, 8)}-0000-4000-8000-000000000000`;
      default:
        throw new Error(`${stackName}: the fake deployment has no physical id for ${id}, a ${resource.Type}`);
    }
  }

  private getAtt(stackName: string, id: string, attribute: string): string {
    const resource = this.resource(stackName, id);
    const key = `${resource.Type}.${attribute}`;
    const ref = () => this.ref(stackName, id);
    switch (key) {
      case "AWS::DynamoDB::GlobalTable.Arn":
      case "AWS::DynamoDB::Table.Arn":
        return this.arn(stackName, "dynamodb", `table/${ref()}`);
      case "AWS::DynamoDB::GlobalTable.StreamArn":
      case "AWS::DynamoDB::Table.StreamArn":
        // The stream's label is the time it was turned on.
        return this.arn(stackName, "dynamodb", `table/${ref()}/stream/2026-01-01T00:00:00.000`);
      case "AWS::Logs::LogGroup.Arn":
        return this.arn(stackName, "logs", `log-group:${ref()}:*`);
      case "AWS::IAM::Role.Arn": {
        const path = (resource.Properties?.Path as string | undefined) ?? "/";
        return `arn:${PARTITION}:iam::${FAKE_ACCOUNT}:role${path}${ref()}`;
      }
      case "AWS::Events::EventBus.Arn":
        return this.arn(stackName, "events", `event-bus/${ref()}`);
      case "AWS::Events::EventBus.Name":
        return ref();
      case "AWS::Events::Rule.Arn": {
        const bus = resource.Properties?.EventBusName;
        const name = this.resolveString(stackName, resource.Properties?.Name ?? this.physicalName(stackName, id));
        return this.arn(stackName, "events", `rule/${bus ? `${this.resolveString(stackName, bus)}/` : ""}${name}`);
      }
      case "AWS::Lambda::Function.Arn":
        return this.arn(stackName, "lambda", `function:${ref()}`);
      case "AWS::SQS::Queue.Arn":
        return this.arn(stackName, "sqs", ref().split("/").at(-1) as string);
      case "AWS::SQS::Queue.QueueName":
        return ref().split("/").at(-1) as string;
      case "AWS::S3::Bucket.Arn":
        return `arn:${PARTITION}:s3:::${ref()}`;
      case "AWS::S3::Bucket.RegionalDomainName":
        return `${ref()}.s3.${this.stack(stackName).region}.${URL_SUFFIX}`;
      case "AWS::KMS::Key.Arn":
        return this.arn(stackName, "kms", `key/${ref()}`);
      default:
        throw new Error(`${stackName}: the fake deployment cannot resolve Fn::GetAtt ${id}.${attribute} (${key})`);
    }
  }
}

/** Every identity policy document of every stack (inline, AWS::IAM::Policy, AWS::IAM::ManagedPolicy), unresolved. */
export function identityPolicyDocuments(stack: SynthesizedStack): { where: string; document: PolicyDocument }[] {
  const documents: { where: string; document: PolicyDocument }[] = [];
  for (const [id, resource] of Object.entries(stack.template.Resources)) {
    const properties = resource.Properties ?? {};
    if (resource.Type === "AWS::IAM::Policy" || resource.Type === "AWS::IAM::ManagedPolicy") {
      documents.push({ where: `${stack.name}/${id}`, document: properties.PolicyDocument as PolicyDocument });
    }
    if (resource.Type === "AWS::IAM::Role") {
      for (const policy of (properties.Policies ?? []) as { PolicyDocument: PolicyDocument }[]) {
        documents.push({ where: `${stack.name}/${id}`, document: policy.PolicyDocument });
      }
    }
  }
  return documents;
}

/** A statement's actions (or not-actions), as a list. */
export function actionsOf(statement: PolicyStatement): string[] {
  return [statement.Action ?? statement.NotAction ?? []].flat();
}

function isRefTo(value: unknown, logicalId: string): boolean {
  return typeof value === "object" && value !== null && (value as { Ref?: unknown }).Ref === logicalId;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + separator.length)];
}
