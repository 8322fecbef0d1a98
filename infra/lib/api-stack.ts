import { join } from "node:path";
import { API_BASE_PATH, routes } from "@jengafund/shared";
import { CfnOutput, Duration, Stack, type StackProps } from "aws-cdk-lib";
import { HttpApi, HttpMethod } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { EventBus, Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { EVENT_SOURCE } from "../../functions/src/events/names.js";
import { AppFunction } from "./constructs/app-function.js";
import type { DarajaSecrets } from "./data-stack.js";
import { repoPaths } from "./paths.js";

export interface ApiStackProps extends StackProps {
  readonly table: ITableV2;
  readonly jwtSecret: ISecret;
  readonly daraja: DarajaSecrets;
}

/** Safaricom's callback source addresses as most integrations list them (mpesa.md §2.2); override by context. */
const SAFARICOM_CALLBACK_IPS = [
  "196.201.214.200",
  "196.201.214.206",
  "196.201.213.114",
  "196.201.214.207",
  "196.201.214.208",
  "196.201.213.44",
  "196.201.212.127",
  "196.201.212.138",
  "196.201.212.129",
  "196.201.212.136",
  "196.201.212.74",
  "196.201.212.69",
];

/** Handlers that talk to Daraja (STK push, B2C start) or receive its callbacks. */
const DARAJA_ROUTES = new Set(["start-deposit", "process-withdrawal", "receive-daraja-callback"]);

/** The HTTP API: one Lambda function and one route per entry of the shared route list. */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    // Browsers reach the API through CloudFront on the site's own origin, so no CORS configuration is needed.
    this.httpApi = new HttpApi(this, "HttpApi", { description: "JengaFund API" });

    // Received Daraja callbacks travel on this bus to the settle handler (design.md §3).
    const bus = new EventBus(this, "PaymentsBus", { description: "JengaFund M-Pesa callbacks" });
    const darajaEnvironment = {
      MPESA_BASE_URL: this.node.tryGetContext("mpesaBaseUrl") ?? "https://sandbox.safaricom.co.ke",
      MPESA_SHORTCODE: this.node.tryGetContext("mpesaShortcode") ?? "174379",
      MPESA_B2C_SHORTCODE: this.node.tryGetContext("mpesaB2cShortcode") ?? "600984",
      MPESA_INITIATOR_NAME: this.node.tryGetContext("mpesaInitiatorName") ?? "testapi",
      // Daraja silently drops callback URLs containing "exe", so the execute-api host name cannot be used: the public
      // base (a custom domain, or the site's CloudFront address + /api) is a deploy-time setting. Left unset, deposits
      // and payouts fail with a clear configuration error instead of waiting for callbacks that never come.
      ...(this.node.tryGetContext("mpesaCallbackBaseUrl")
        ? { MPESA_CALLBACK_BASE_URL: this.node.tryGetContext("mpesaCallbackBaseUrl") as string }
        : {}),
      MPESA_CALLBACK_ALLOWED_IPS: (this.node.tryGetContext("mpesaCallbackIps") ??
        SAFARICOM_CALLBACK_IPS.join(",")) as string,
      EVENT_BUS_NAME: bus.eventBusName,
    };
    const darajaSecrets = {
      MPESA_CONSUMER_KEY_ARN: props.daraja.consumerKey,
      MPESA_CONSUMER_SECRET_ARN: props.daraja.consumerSecret,
      MPESA_PASSKEY_ARN: props.daraja.passkey,
      MPESA_SECURITY_CREDENTIAL_ARN: props.daraja.initiatorCredential,
      MPESA_CALLBACK_TOKEN_ARN: props.daraja.callbackToken,
    };

    for (const route of routes) {
      const constructId = pascalCase(route.handler);
      const talksToDaraja = DARAJA_ROUTES.has(route.handler);
      const fn = new AppFunction(this, constructId, {
        entry: join(repoPaths.httpHandlers, `${route.handler}.ts`),
        description: `${route.method} ${API_BASE_PATH}${route.path}`,
        table: props.table,
        // Every HTTP handler signs or verifies session tokens; only the payment routes see Daraja's secrets.
        secrets: { JWT_SECRET_ARN: props.jwtSecret, ...(talksToDaraja ? darajaSecrets : {}) },
        // A Daraja call can take seconds (and a cold start adds an OAuth call): give them API Gateway's full budget.
        ...(talksToDaraja ? { environment: darajaEnvironment, timeout: Duration.seconds(29) } : {}),
      });
      if (route.handler === "receive-daraja-callback") bus.grantPutEventsTo(fn);
      this.httpApi.addRoutes({
        path: `${API_BASE_PATH}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${constructId}Integration`, fn),
      });
    }

    // The settle handler: EventBridge retries a failing delivery, then keeps the event in a dead-letter queue.
    const settle = new AppFunction(this, "SettleMpesaResult", {
      entry: join(repoPaths.eventHandlers, "settle-mpesa-result.ts"),
      description: "Applies M-Pesa callbacks from the payments bus",
      table: props.table,
      secrets: darajaSecrets,
      environment: darajaEnvironment,
    });
    const deadLetters = new Queue(this, "SettleDeadLetters", {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
    });
    new Rule(this, "SettleMpesaResultRule", {
      eventBus: bus,
      eventPattern: { source: [EVENT_SOURCE] },
      targets: [
        new LambdaFunction(settle, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: deadLetters }),
      ],
    });

    // Reconciliation: lost callbacks are found by asking Daraja (STK query, Transaction Status).
    const reconcile = new AppFunction(this, "ReconcilePayments", {
      entry: join(repoPaths.eventHandlers, "reconcile-payments.ts"),
      description: "Checks pending M-Pesa deposits and payouts with Daraja",
      table: props.table,
      secrets: darajaSecrets,
      environment: darajaEnvironment,
      timeout: Duration.minutes(2),
    });
    new Rule(this, "ReconcilePaymentsSchedule", {
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(reconcile, { retryAttempts: 0 })],
    });

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
