import { join } from "node:path";
import { API_BASE_PATH, routes } from "@jengafund/shared";
import { CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import { HttpApi, HttpMethod } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { AppFunction } from "./constructs/app-function.js";
import { repoPaths } from "./paths.js";

export interface ApiStackProps extends StackProps {
  readonly table: ITableV2;
  readonly jwtSecret: ISecret;
}

/** The HTTP API: one Lambda function and one route per entry of the shared route list. */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    // Browsers reach the API through CloudFront on the site's own origin, so no CORS configuration is needed.
    this.httpApi = new HttpApi(this, "HttpApi", { description: "JengaFund API" });

    for (const route of routes) {
      const constructId = pascalCase(route.handler);
      const fn = new AppFunction(this, constructId, {
        entry: join(repoPaths.httpHandlers, `${route.handler}.ts`),
        description: `${route.method} ${API_BASE_PATH}${route.path}`,
        table: props.table,
        // Every HTTP handler signs or verifies session tokens. Bindings that only some routes need (Daraja secrets,
        // EVENT_BUS_NAME for the callback ingest) belong here too, chosen per route when those routes arrive.
        secrets: { JWT_SECRET_ARN: props.jwtSecret },
      });
      this.httpApi.addRoutes({
        path: `${API_BASE_PATH}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${constructId}Integration`, fn),
      });
    }

    new CfnOutput(this, "ApiUrl", {
      value: `${this.httpApi.apiEndpoint}${API_BASE_PATH}`,
      description: "Direct API endpoint; browsers use the site URL's /api path instead",
    });
  }
}

/** `get-current-user` → `GetCurrentUser`, a stable construct id (and so logical id) per handler file. */
function pascalCase(kebab: string): string {
  return kebab.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
