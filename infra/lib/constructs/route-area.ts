import type { RouteArea } from "@jengafund/shared";
import { NestedStack, type NestedStackProps } from "aws-cdk-lib";
import type { IWidget } from "aws-cdk-lib/aws-cloudwatch";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import { Construct } from "constructs";
import { type AlarmTarget, type MonitoredArea, type MonitoredFunction, StageAlarms } from "./monitoring.js";

/**
 * A nested stack of the API stack holding the functions of one deployment area (RouteDefinition.area in the shared
 * route list): CloudFormation refuses a stack of more than 500 resources, and every route costs the API stack about
 * eight. Here live each area function with its role, policy and log group, and its Errors and throttle alarms; the
 * route, its integration and API Gateway's permission to invoke the function stay in the API stack beside the one
 * HTTP API, under the construct ids they have always had. So a route that moves into an area keeps its route and
 * integration (the integration's target is updated in place): CloudFormation never creates a second route with a key
 * the API already has, which it would refuse.
 */
export class RouteAreaStack extends NestedStack implements MonitoredArea {
  readonly functions: MonitoredFunction[] = [];

  constructor(
    scope: Construct,
    id: string,
    readonly area: RouteArea,
    props?: NestedStackProps,
  ) {
    super(scope, id, props);
  }

  /** A function of the area, watched as every function is, by its handler file's name. */
  watch(name: string, fn: IFunction): void {
    this.functions.push({ name, fn });
  }

  monitor(target: AlarmTarget): { alarms: StageAlarms["alarms"]; widgets: IWidget[] } {
    const alarms = new StageAlarms(new Construct(this, "Monitoring"), target);
    alarms.functionAlarms(this.functions, this.area);
    const widgets = this.areaMonitoring(alarms);
    return { alarms: alarms.alarms, widgets };
  }

  /** The area's own alarms and dashboard graphs, beyond its functions' errors and throttles. */
  protected areaMonitoring(_alarms: StageAlarms): IWidget[] {
    return [];
  }
}
