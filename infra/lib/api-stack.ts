import { join } from "node:path";
import {
  API_BASE_PATH,
  type RouteArea,
  type RouteDefinition,
  type RouteHandlerName,
  routes,
  sendsMail,
  touchesCredentials,
} from "@jengafund/shared";
import { ArnFormat, CfnOutput, Duration, Fn, Stack, type StackProps } from "aws-cdk-lib";
import { type CfnStage, DomainName, HttpApi, HttpMethod, SecurityPolicy } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Archive, EventBus, Rule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { LogGroup } from "aws-cdk-lib/aws-logs";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { EVENT_SOURCE } from "../../functions/src/kernel/event-names.js";
import { AlertsArea } from "./constructs/alerts-area.js";
import {
  AppFunction,
  type AppFunctionProps,
  type FunctionOperations,
  logRemovalPolicy,
} from "./constructs/app-function.js";
import type { IdentityDocuments } from "./constructs/identity-documents.js";
import { type MonitoredFunction, Monitoring } from "./constructs/monitoring.js";
import { RouteAreaStack } from "./constructs/route-area.js";
import { EVERY_FIVE_MINUTES, ON_THE_QUARTER_HOUR, ScheduledJobs } from "./constructs/scheduled-jobs.js";
import type { DarajaSecrets } from "./data-stack.js";
import type { CustomDomain, DarajaSettings, DeploySettings, SmsSettings, Throttle } from "./deploy-settings.js";
import { acknowledge } from "./nag.js";
import { repoPaths } from "./paths.js";
import { ROUTE_PARTITIONS } from "./route-partitions.js";

export interface ApiStackProps extends StackProps {
  readonly table: ITableV2;
  readonly jwtSecret: ISecret;
  /** The x-origin-verify value: every HTTP function refuses a request without it (design.md §9). */
  readonly originSecret: ISecret;
  readonly daraja: DarajaSecrets;
  /** Daraja's address, shortcodes and initiator: the values that are not secret. */
  readonly darajaSettings: DarajaSettings;
  /** Africa's Talking's API key (money alerts by SMS), and its address, user name and sender ID. */
  readonly smsApiKey: ISecret;
  readonly sms: SmsSettings;
  /** The identity documents: the routes the route list marks `documents` get their bucket and rights, no others. */
  readonly documents: IdentityDocuments;
  /** The callback ingest's source allow-list; the same addresses make the WAF IP set. */
  readonly mpesaCallbackIps: readonly string[];
  /** Where Daraja calls back; unset, payments fail with a clear configuration error. */
  readonly mpesaCallbackBaseUrl?: string;
  /** With a custom domain, CloudFront reaches the API there and the execute-api endpoint is switched off. */
  readonly apiDomain?: CustomDomain;
  readonly throttle: Throttle;
  readonly sensitiveThrottle: Throttle;
  /** Every function's Powertools configuration and log retention. */
  readonly operations: FunctionOperations;
  /** Alarms, their e-mail address and the dashboard (design.md §10). */
  readonly monitoring: Pick<DeploySettings, "namePrefix" | "alarmEmail" | "callbacksRejectedAlarmThreshold">;
  /** Four eyes on admin balance adjustments: the solo limits and the hourly solo credits that alarm (KES). */
  readonly adjustments: DeploySettings["adjustments"];
  /** Reserved concurrency of the two functions every payment passes through; undefined: the shared pool. */
  readonly concurrency: { readonly callbackIngest?: number; readonly settle?: number };
  /** Account recovery mail and two-factor sign-in (design.md §11). */
  readonly accountSecurity: {
    /** Where the emailed reset link leads (required in prod). */
    readonly webOrigin?: string;
    /** The SES-verified sender address; unset, no function has SES permission (and no mail leaves). */
    readonly sesSender?: string;
    readonly requireAdminTwoFactor: boolean;
  };
}

/**
 * The HTTP API's access log line: JSON, one per request. The route key, never `$context.path`: a callback's path
 * carries the secret token. Behind CloudFront the source address is an edge's; the viewer's address is in the
 * functions' logs and CloudFront's.
 */
export const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: "$context.requestId",
  requestTime: "$context.requestTime",
  routeKey: "$context.routeKey",
  status: "$context.status",
  latencyMs: "$context.responseLatency",
  integrationLatencyMs: "$context.integrationLatency",
  integrationStatus: "$context.integrationStatus",
  sourceIp: "$context.identity.sourceIp",
  userAgent: "$context.identity.userAgent",
  responseLength: "$context.responseLength",
  error: "$context.error.message",
  integrationError: "$context.integrationErrorMessage",
});

/**
 * Route keys (relative to /api) throttled harder than the rest: each costs a password hash or an STK prompt, or (the
 * public referral code check) answers a question an enumeration would ask over and over.
 */
export const SENSITIVE_ROUTE_KEYS = [
  "POST /auth/login",
  "POST /auth/register",
  "POST /auth/forgot-password",
  "POST /auth/reset-password",
  "GET /auth/referral-codes/{code}",
  "POST /mpesa/deposit",
] as const;

const DARAJA_SECRET_VARIABLES = {
  consumerKey: "MPESA_CONSUMER_KEY_ARN",
  consumerSecret: "MPESA_CONSUMER_SECRET_ARN",
  passkey: "MPESA_PASSKEY_ARN",
  initiatorCredential: "MPESA_SECURITY_CREDENTIAL_ARN",
  callbackToken: "MPESA_CALLBACK_TOKEN_ARN",
} as const satisfies Record<keyof DarajaSecrets, string>;
const ALL_DARAJA_SECRETS = Object.keys(DARAJA_SECRET_VARIABLES) as (keyof DarajaSecrets)[];

/**
 * The HTTP routes that call Daraja, and the secrets each one reads (functions/src/modules/money-in/module.ts, money-out/module.ts): an STK push needs the
 * passkey, a B2C payout the initiator credential, and both put the callback token in the URLs they register.
 */
const DARAJA_ROUTE_SECRETS: Partial<Record<RouteHandlerName, readonly (keyof DarajaSecrets)[]>> = {
  "start-deposit": ["consumerKey", "consumerSecret", "passkey", "callbackToken"],
  "process-withdrawal": ["consumerKey", "consumerSecret", "initiatorCredential", "callbackToken"],
};

/** Daraja's callbacks arrive here; the function touches no table and never calls Daraja. */
const CALLBACK_INGEST: RouteHandlerName = "receive-daraja-callback";
/**
 * Daraja's C2B validation (design.md §12.3): behind the same door as the ingest (its token, its allow-list), but
 * answered at once from the table, read-only. No session key: Daraja has no session.
 */
const PAYBILL_VALIDATION: RouteHandlerName = "validate-paybill-payment";
/** Browsers' CSP reports: public, no table, no session; only the origin secret, which every request through CloudFront carries. */
const CSP_REPORTS: RouteHandlerName = "record-csp-report";
/** The route that shows a user the Paybill business number to pay to. */
const PAYBILL_DETAILS: RouteHandlerName = "get-paybill-details";

/** A route's own memory and timeout, where the route list sizes its function. */
function sizingOf({ sizing }: RouteDefinition): Pick<AppFunctionProps, "memorySize" | "timeout"> {
  return sizing ? { memorySize: sizing.memoryMb, timeout: Duration.seconds(sizing.timeoutSeconds) } : {};
}

/** The route that applies the solo limits of admin balance adjustments (the only reader of those settings). */
export const ADJUSTING_ROUTE: RouteHandlerName = "adjust-user-balance";
/** Crediting an unmatched Paybill payment counts toward the same solo limits (design.md §12.1, §12.3). */
export const UNMATCHED_RESOLVING_ROUTE: RouteHandlerName = "resolve-unmatched-payment";

/**
 * The HTTP API: one Lambda function and one route per entry of the shared route list. A route whose `area` names a
 * deployment area has its function in that area's nested stack (constructs/route-area.ts), its route here.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** The nested stacks of functions, by area. */
  readonly areas: Readonly<Record<RouteArea, RouteAreaStack>>;
  /** The host name CloudFront's /api/* origin points at: the custom domain, or else the execute-api host. */
  readonly originDomainName: string;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    const customDomain = props.apiDomain
      ? new DomainName(this, "ApiDomain", {
          domainName: props.apiDomain.domainName,
          certificate: Certificate.fromCertificateArn(this, "ApiCertificate", props.apiDomain.certificateArn),
          securityPolicy: SecurityPolicy.TLS_1_2,
        })
      : undefined;

    // Browsers reach the API through CloudFront on the site's own origin, so no CORS configuration is needed.
    this.httpApi = new HttpApi(this, "HttpApi", {
      description: "JengaFund API",
      // With a custom domain for CloudFront to use, nothing needs the execute-api address: switching it off leaves the
      // API one public name. A request that skips CloudFront (and its WAF) there lacks the origin secret: a 403.
      ...(customDomain ? { defaultDomainMapping: { domainName: customDomain }, disableExecuteApiEndpoint: true } : {}),
    });
    // CloudFront wants the bare host. It is built from the API's id here rather than cut out of apiEndpoint's URL: the
    // web stack reads it as Fn::GetStackOutput, and Fn::Split does not accept that function (cfn-lint E1017).
    this.originDomainName =
      customDomain?.name ?? Fn.join(".", [this.httpApi.apiId, "execute-api", this.region, this.urlSuffix]);

    // Received Daraja callbacks travel on this bus to the settle handler (design.md §3).
    // Named, like the rules below, so the runbook's commands and the alarms' dimensions can spell them out.
    const { namePrefix } = props.monitoring;
    const names = {
      bus: `${namePrefix}-Payments`,
      settleRule: `${namePrefix}-Settle`,
    };
    const bus = new EventBus(this, "PaymentsBus", {
      eventBusName: names.bus,
      description: "JengaFund M-Pesa callbacks",
    });
    const darajaSettings = {
      MPESA_BASE_URL: props.darajaSettings.baseUrl,
      MPESA_SHORTCODE: props.darajaSettings.shortcode,
      MPESA_B2C_SHORTCODE: props.darajaSettings.b2cShortcode,
      MPESA_INITIATOR_NAME: props.darajaSettings.initiatorName,
      // Settle keeps a confirmation for another business number as unmatched; reconciliation pulls this Paybill.
      MPESA_PAYBILL_SHORTCODE: props.darajaSettings.paybillShortcode,
      // Daraja silently drops callback URLs containing "exe", so the execute-api host name cannot be used: the public
      // base (the site's address + /api: callbacks must pass CloudFront to carry the origin secret) is a deploy-time
      // setting. Left unset, deposits and payouts fail with a clear configuration error instead of waiting for
      // callbacks that never come.
      ...(props.mpesaCallbackBaseUrl ? { MPESA_CALLBACK_BASE_URL: props.mpesaCallbackBaseUrl } : {}),
    };
    const { sesSender, webOrigin } = props.accountSecurity;
    const mailSettings = {
      MAILER: "ses",
      ...(sesSender ? { MAIL_FROM: `JengaFund <${sesSender}>` } : {}),
      ...(webOrigin ? { WEB_ORIGIN: webOrigin } : {}),
    };
    const smsSettings = {
      SMS_BASE_URL: props.sms.baseUrl,
      SMS_USERNAME: props.sms.username,
      ...(props.sms.senderId ? { SMS_SENDER_ID: props.sms.senderId } : {}),
    };
    const grantMail = (fn: IFunction) => {
      if (sesSender) grantSendingAs(fn, sesSender);
    };
    const darajaSecrets = (names: readonly (keyof DarajaSecrets)[]): Record<string, ISecret> =>
      Object.fromEntries(names.map((name) => [DARAJA_SECRET_VARIABLES[name], props.daraja[name]]));

    const routeFunctionBindings = (
      handler: RouteHandlerName,
    ): Pick<
      AppFunctionProps,
      "secrets" | "environment" | "timeout" | "memorySize" | "reservedConcurrentExecutions"
    > => {
      if (handler === CALLBACK_INGEST) {
        // Exactly what it uses: the token to check, the allow-list, the bus. No session key, no Daraja credentials.
        return {
          // Reserved: a flood of requests to other routes cannot starve Daraja's callbacks, nor a flood of callbacks
          // the rest of the API.
          reservedConcurrentExecutions: props.concurrency.callbackIngest,
          secrets: { ORIGIN_SECRET_ARN: props.originSecret, MPESA_CALLBACK_TOKEN_ARN: props.daraja.callbackToken },
          environment: {
            MPESA_CALLBACK_ALLOWED_IPS: props.mpesaCallbackIps.join(","),
            EVENT_BUS_NAME: bus.eventBusName,
          },
        };
      }
      if (handler === PAYBILL_VALIDATION) {
        return {
          secrets: { ORIGIN_SECRET_ARN: props.originSecret, MPESA_CALLBACK_TOKEN_ARN: props.daraja.callbackToken },
          environment: { MPESA_CALLBACK_ALLOWED_IPS: props.mpesaCallbackIps.join(",") },
        };
      }
      if (handler === CSP_REPORTS) return { secrets: { ORIGIN_SECRET_ARN: props.originSecret } };
      // Every other handler signs or verifies session tokens, and holds back admins without 2FA where it is required.
      const common = { JWT_SECRET_ARN: props.jwtSecret, ORIGIN_SECRET_ARN: props.originSecret };
      const sessions = { REQUIRE_ADMIN_2FA: String(props.accountSecurity.requireAdminTwoFactor) };
      if (handler === ADJUSTING_ROUTE || handler === UNMATCHED_RESOLVING_ROUTE) {
        return {
          secrets: common,
          environment: {
            ...sessions,
            ADJUSTMENT_SOLO_MAX_KES: String(props.adjustments.soloMaxKes),
            ADJUSTMENT_SOLO_DAILY_MAX_KES: String(props.adjustments.soloDailyMaxKes),
          },
        };
      }
      if (handler === PAYBILL_DETAILS) {
        return {
          secrets: common,
          environment: { ...sessions, MPESA_PAYBILL_SHORTCODE: props.darajaSettings.paybillShortcode },
        };
      }
      const darajaNames = DARAJA_ROUTE_SECRETS[handler];
      if (!darajaNames) return { secrets: common, environment: sessions };
      return {
        secrets: { ...common, ...darajaSecrets(darajaNames) },
        environment: { ...sessions, ...darajaSettings },
        // A Daraja call can take seconds (and a cold start adds an OAuth call): give them API Gateway's full budget.
        timeout: Duration.seconds(29),
      };
    };

    // The areas' nested stacks. The alerts area also holds the alert sender and the monthly statement job.
    const alerts = new AlertsArea(this, "Alerts", {
      table: props.table,
      smsApiKey: props.smsApiKey,
      smsEnvironment: smsSettings,
      mailEnvironment: mailSettings,
      grantMail,
      operations: props.operations,
      namePrefix,
    });
    // The console area: the admin console's approvals and audit reads, apart so the API stack stays under its cap.
    const consoleArea = new RouteAreaStack(this, "Console", "console");
    // The identity area: the account's verification, its payout numbers and withdrawals, apart for the same reason.
    const identityArea = new RouteAreaStack(this, "Identity", "identity");
    this.areas = { alerts, console: consoleArea, identity: identityArea };

    const monitored: MonitoredFunction[] = [];
    const routesByKey = new Map<string, ReturnType<HttpApi["addRoutes"]>>();
    for (const route of routes as readonly RouteDefinition[]) {
      const constructId = pascalCase(route.handler);
      const bindings = routeFunctionBindings(route.handler as RouteHandlerName);
      const area = route.area ? this.areas[route.area] : undefined;
      const fn = new AppFunction(area ?? this, constructId, {
        entry: join(repoPaths.httpHandlers, `${route.handler}.ts`),
        description: `${route.method} ${API_BASE_PATH}${route.path}`,
        table: props.table,
        data: route.data,
        credentials: touchesCredentials(route),
        partitions: ROUTE_PARTITIONS[route.handler as RouteHandlerName],
        // Any signed-in caller may be an admin, whose idle window the authenticator moves on.
        slidesSessions: route.access !== "public",
        operations: props.operations,
        ...bindings,
        // A route that renders files (a statement's PDF): its memory, which also buys CPU, and its time.
        ...sizingOf(route),
        // The reset link and the security notices (design.md §12.2): the mail settings, and SES as the sender.
        ...(sendsMail(route) ? { environment: { ...bindings.environment, ...mailSettings } } : {}),
        ...(route.documents ? { documents: { store: props.documents, use: route.documents } } : {}),
      });
      if (area) area.watch(route.handler, fn);
      else monitored.push({ name: route.handler, fn });
      acknowledge(
        fn,
        "API Gateway invokes route functions synchronously and hands any failure back to the caller (a 5xx, alarmed " +
          "as the API's 5xx rate): there is no event to keep in a dead-letter queue",
        "Serverless-LambdaDLQ",
      );
      if (route.handler === CALLBACK_INGEST) bus.grantPutEventsTo(fn);
      if (sendsMail(route)) grantMail(fn);
      // The route and its integration (with API Gateway's permission to invoke) are the API stack's, whichever stack
      // holds the function: a route key is created once on the API and never moves (constructs/route-area.ts).
      const added = this.httpApi.addRoutes({
        path: `${API_BASE_PATH}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${constructId}Integration`, fn),
      });
      routesByKey.set(`${route.method} ${route.path}`, added);
    }
    this.throttleStage(props, routesByKey);
    this.logAccess(props);
    acknowledge(
      this.httpApi,
      "Authorization is in the functions: every route's middleware checks the bearer token and the role from the " +
        "shared route list (design.md §8); register and login are public by nature; Daraja's callbacks carry a " +
        "secret path token, checked in constant time. An API Gateway authorizer would duplicate the JWT check",
      "AwsSolutions-APIG4",
    );

    // The settle handler: EventBridge retries a failing delivery, then keeps the event in a dead-letter queue.
    const settle = new AppFunction(this, "SettleMpesaResult", {
      entry: join(repoPaths.eventHandlers, "settle-mpesa-result.ts"),
      description: "Applies M-Pesa callbacks from the payments bus",
      table: props.table,
      data: "write",
      secrets: darajaSecrets(ALL_DARAJA_SECRETS),
      // Callbacks are unsigned: an STK success is confirmed with the STK query before the wallet is credited, and
      // that Daraja call (with an OAuth call on a cold start) can take seconds. It sends no mail: a settled deposit
      // or payout writes an outbox event in its own transaction, which the alert sender delivers.
      environment: { ...darajaSettings, MPESA_CONFIRM_STK: "true" },
      timeout: Duration.seconds(30),
      operations: props.operations,
      // Reserved: callbacks always find room, and a replay of the archive settles at a pace the table and Daraja
      // take (throttled events wait in Lambda's own queue, up to the six hours below).
      reservedConcurrentExecutions: props.concurrency.settle,
    });
    const queueProps = {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: props.operations.personalDataKey,
    } as const;
    const deadLetters = new Queue(this, "SettleDeadLetters", queueProps);
    const isTheDeadLetterQueue = (queue: Queue) =>
      acknowledge(
        queue,
        "This queue is itself where failed callbacks end up (EventBridge's DLQ or Lambda's on-failure destination); " +
          "its messages wait 14 days for an operator, alarmed from the first one (docs/runbook.md)",
        "AwsSolutions-SQS3",
        "Serverless-SQSRedrivePolicy",
      );
    isTheDeadLetterQueue(deadLetters);
    // Nothing lost (design.md §10): EventBridge hands the event over once Lambda accepts it; if the function then
    // fails it twice more, Lambda keeps the event here, with the error, for an operator.
    const settleFailures = new Queue(this, "SettleFailures", queueProps);
    isTheDeadLetterQueue(settleFailures);
    acknowledge(
      settle,
      "Its asynchronous invocations have an on-failure destination (the SettleFailures queue), which keeps the event " +
        "together with the error; a dead-letter queue would keep less",
      "Serverless-LambdaDLQ",
    );
    settle.configureAsyncInvoke({
      onFailure: new SqsDestination(settleFailures),
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
    });
    // Every raw callback is kept a year, so a window can be replayed through the settle rule (docs/runbook.md).
    // Built as the bus's own archive() builds it, under the bus (so it keeps its logical id), which passes no key on.
    const archive = new Archive(bus, "PaymentsArchive", {
      sourceEventBus: bus,
      description: "JengaFund M-Pesa callbacks as received, kept a year for replay",
      eventPattern: { source: [EVENT_SOURCE] },
      retention: Duration.days(365),
      // By ARN: the archive would otherwise add its bus to the key's policy, and the data stack cannot name this
      // stack's bus. The key policy already admits EventBridge for this account's buses.
      kmsKey: Key.fromKeyArn(this, "ArchiveKey", props.operations.personalDataKey.keyArn),
    });
    const settleRule = new Rule(this, "SettleMpesaResultRule", {
      ruleName: names.settleRule,
      eventBus: bus,
      eventPattern: { source: [EVENT_SOURCE] },
      targets: [
        new LambdaFunction(settle, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: deadLetters }),
      ],
    });

    // The scheduled jobs, each its own function and schedule, with the secrets its job reads and no other: the STK
    // query needs the passkey, Transaction Status the initiator credential and the callback token (its answer comes
    // back as a callback), Pull Transactions the app's key pair alone; the outbox sweep sends SMS and mail.
    const daraja = (names: readonly (keyof DarajaSecrets)[]) => ({
      secrets: darajaSecrets(names),
      environment: darajaSettings,
    });
    const jobs = new ScheduledJobs(this, "Jobs", {
      table: props.table,
      operations: props.operations,
      namePrefix,
      grantMail,
      jobs: [
        {
          name: "reconcile-stk-deposits",
          description: "Asks Daraja about STK deposits still pending (STK query)",
          schedule: EVERY_FIVE_MINUTES,
          ...daraja(["consumerKey", "consumerSecret", "passkey"]),
        },
        {
          name: "reconcile-payouts",
          description: "Asks Daraja about approved payouts without a result (Transaction Status)",
          schedule: EVERY_FIVE_MINUTES,
          ...daraja(["consumerKey", "consumerSecret", "initiatorCredential", "callbackToken"]),
        },
        {
          name: "pull-paybill-transactions",
          description: "Pulls the last hour of Paybill payments from Daraja and settles the unconfirmed ones",
          schedule: ON_THE_QUARTER_HOUR,
          ...daraja(["consumerKey", "consumerSecret"]),
        },
        {
          name: "check-waiting-paybill-payments",
          description: "Confirms held Paybill payments with M-Pesa's record and counts stale unmatched ones",
          schedule: EVERY_FIVE_MINUTES,
          ...daraja(["consumerKey", "consumerSecret"]),
        },
        {
          name: "sweep-outbox",
          description: "Sends the money alerts (SMS and e-mail) still open in the outbox",
          schedule: EVERY_FIVE_MINUTES,
          secrets: { SMS_API_KEY_ARN: props.smsApiKey },
          environment: { ...smsSettings, ...mailSettings },
          mails: true,
        },
        {
          name: "retire-matured-investments",
          description: "Returns the capital of matured investments to the balances they were bought from",
          schedule: EVERY_FIVE_MINUTES,
        },
      ],
    });
    monitored.push({ name: "settle-mpesa-result", fn: settle });

    this.monitoring = new Monitoring(this, "Monitoring", {
      stage: props.operations.stage,
      namePrefix,
      alarmEmail: props.monitoring.alarmEmail,
      callbacksRejectedAlarmThreshold: props.monitoring.callbacksRejectedAlarmThreshold,
      soloCreditsAlarmKes: props.adjustments.soloCreditsAlarmKes,
      rewardsOverDepositsAlarmKes: props.adjustments.rewardsOverDepositsAlarmKes,
      httpApi: this.httpApi,
      functions: monitored,
      areas: [...Object.values(this.areas), jobs],
      settle,
      paymentsBusName: names.bus,
      settleRuleName: names.settleRule,
      settleDeadLetters: deadLetters,
      settleFailures,
    });

    // What the runbook's replay and queue procedures need, by name.
    new CfnOutput(this, "PaymentsBusArn", { value: bus.eventBusArn, description: "Replay destination" });
    new CfnOutput(this, "PaymentsArchiveArn", { value: archive.archiveArn, description: "Replay source" });
    new CfnOutput(this, "SettleRuleArn", {
      value: settleRule.ruleArn,
      description: "Limits a replay to the settle rule (FilterArns)",
    });
    new CfnOutput(this, "SettleFunctionName", {
      value: settle.functionName,
      description: "Re-runs a kept callback (docs/runbook.md)",
    });
    for (const [name, fn] of jobs.byName) {
      new CfnOutput(this, `${pascalCase(name)}FunctionName`, {
        value: fn.functionName,
        description: "Runs the scheduled job by hand (docs/runbook.md)",
      });
    }
    new CfnOutput(this, "SettleDeadLetterQueueUrl", { value: deadLetters.queueUrl });
    new CfnOutput(this, "SettleFailureQueueUrl", { value: settleFailures.queueUrl });
    new CfnOutput(this, "AlarmTopicArn", { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, "DashboardName", { value: namePrefix });
    new CfnOutput(this, "NotificationFailureQueueUrl", { value: alerts.notificationFailures.queueUrl });
    new CfnOutput(this, "SendNotificationsFunctionName", {
      value: alerts.sender.functionName,
      description: "Re-sends kept outbox records (docs/runbook.md)",
    });
    new CfnOutput(this, "MonthlyStatementsFunctionName", {
      value: alerts.monthlyStatements.functionName,
      description: "Runs the monthly statements by hand (docs/runbook.md)",
    });

    if (customDomain) {
      new CfnOutput(this, "ApiDomainTarget", {
        value: customDomain.regionalDomainName,
        description: `Point ${props.apiDomain?.domainName} here (CNAME or alias): CloudFront reaches the API by that name`,
      });
    } else {
      new CfnOutput(this, "ApiUrl", {
        value: `${this.httpApi.apiEndpoint}${API_BASE_PATH}`,
        description: "Direct API endpoint; it answers only requests that came through CloudFront (the site's /api)",
      });
    }
  }

  /** Access logs (design.md §10): one JSON line per request, the route key and never the raw path. */
  private logAccess(props: ApiStackProps): void {
    const stage = this.httpApi.defaultStage;
    if (!stage) throw new Error("The HTTP API has no default stage to log");
    // Each line holds the caller's address: personal data, under the personal data key.
    const logGroup = new LogGroup(this, "ApiAccessLogs", {
      retention: props.operations.logRetention,
      removalPolicy: logRemovalPolicy(props.operations),
      encryptionKey: props.operations.personalDataKey,
    });
    (stage.node.defaultChild as CfnStage).accessLogSettings = {
      destinationArn: logGroup.logGroupArn,
      format: ACCESS_LOG_FORMAT,
    };
  }

  /**
   * Stage throttling (design.md §9): a default for every route, lower on the sensitive ones. HTTP APIs take per-route
   * limits only as the stage's RouteSettings, keyed by route key; the routes must exist before the stage names them.
   */
  private throttleStage(props: ApiStackProps, routesByKey: Map<string, ReturnType<HttpApi["addRoutes"]>>): void {
    const stage = this.httpApi.defaultStage;
    if (!stage) throw new Error("The HTTP API has no default stage to throttle");
    const cfnStage = stage.node.defaultChild as CfnStage;
    cfnStage.defaultRouteSettings = {
      throttlingRateLimit: props.throttle.rateLimit,
      throttlingBurstLimit: props.throttle.burstLimit,
    };
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const key of SENSITIVE_ROUTE_KEYS) {
      const added = routesByKey.get(key);
      if (!added) throw new Error(`Throttled route ${key} is not in the route list`);
      for (const route of added) stage.node.addDependency(route);
      const [method, path] = key.split(" ");
      routeSettings[`${method} ${API_BASE_PATH}${path}`] = {
        ThrottlingRateLimit: props.sensitiveThrottle.rateLimit,
        ThrottlingBurstLimit: props.sensitiveThrottle.burstLimit,
      };
    }
    cfnStage.routeSettings = routeSettings;
  }
}

/**
 * SES v2 SendEmail from the sender, for a function that sends mail: authorised on the sender's identity, which SES
 * checks as the address or, when the domain is what was verified, the domain (both ARNs, no wildcard).
 */
function grantSendingAs(fn: IFunction, sender: string): void {
  const stack = Stack.of(fn);
  const identity = (name: string) =>
    stack.formatArn({
      service: "ses",
      resource: "identity",
      resourceName: name,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ["ses:SendEmail"],
      resources: [identity(sender), identity(sender.slice(sender.indexOf("@") + 1))],
    }),
  );
}

/** `get-current-user` → `GetCurrentUser`, a stable construct id (and so logical id) per handler file. */
function pascalCase(kebab: string): string {
  return kebab.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
