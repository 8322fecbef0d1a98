import { type CfnElement, Stack, Validations } from "aws-cdk-lib";
import type { IConstruct } from "constructs";

/**
 * Records that a cdk-nag finding on `scope` (and its children) is a deliberate choice, and why. cdk-nag 3.x reads
 * these acknowledgements (CDK's `Validations` metadata) when the infra tests run the AwsSolutions and Serverless
 * packs; a finding without one fails them. Use granular ids (`AwsSolutions-IAM5[Resource::…]`) where the finding
 * names a resource or action, so the acknowledgement cannot hide a new wildcard.
 */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/** How cdk-nag names a resource's ARN in a granular IAM5 id: `<LogicalId.Arn>`. */
export function arnToken(resource: IConstruct): string {
  const element = resource.node.defaultChild as CfnElement;
  return `<${Stack.of(resource).getLogicalId(element)}.Arn>`;
}

/** Node.js 22 is pinned on purpose; the same reason covers both packs' runtime rules. */
export const PINNED_RUNTIME = ["AwsSolutions-L1", "Serverless-LambdaLatestVersion"] as const;

export const BASIC_EXECUTION_ROLE =
  "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]";
