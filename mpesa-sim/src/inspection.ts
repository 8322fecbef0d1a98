import type { AccountBalanceApi } from "./account-balance.js";
import type { B2cApi } from "./b2c.js";
import type { C2bApi } from "./c2b.js";
import type { CallbackDispatcher } from "./callbacks.js";
import type { SimulatorConfig } from "./config.js";
import type { Reply, SimRequest } from "./http.js";
import { createPhoneBehaviourRoutes, type PhoneBehaviours } from "./phone-behaviours.js";
import type { PullTransactionsApi } from "./pull-transactions.js";
import type { StkApi } from "./stk.js";
import type { TransactionStatusApi } from "./transaction-status.js";

/**
 * The `/__sim/*` endpoints: not Daraja, but how a developer or a test sees what the simulator received, sent and
 * decided, and turns its knobs at runtime. Errors here use the product's `{ message }` shape, not Daraja's.
 */
export interface ReceivedRequest {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  contentType?: string;
  /** Only the scheme ("Basic", "Bearer"): credentials and tokens are never kept. */
  authorization?: string;
  body: unknown;
  /** The HTTP status the simulator answered with. */
  status?: number;
  errorCode?: string;
}

export interface InspectionDeps {
  config: SimulatorConfig;
  received: ReceivedRequest[];
  callbacks: CallbackDispatcher;
  phones: PhoneBehaviours;
  stk: StkApi;
  b2c: B2cApi;
  transactionStatus: TransactionStatusApi;
  accountBalance: AccountBalanceApi;
  c2b: C2bApi;
  pull: PullTransactionsApi;
}

const message = (status: number, text: string): Reply => ({ status, body: { message: text } });

export function createInspection(deps: InspectionDeps): (req: SimRequest) => Reply {
  const { config, received, callbacks } = deps;
  const phones = createPhoneBehaviourRoutes(deps.phones);

  const settings = () => ({
    callbackDelayMs: config.callbackDelayMs,
    b2cUtilityBalanceKes: deps.b2c.accounts().utilityKes,
  });

  function updateSettings(body: unknown): Reply {
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return message(400, 'Send a JSON object such as { "callbackDelayMs": 200 }');
    }
    const { callbackDelayMs, b2cUtilityBalanceKes, ...rest } = body as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) return message(400, `Unknown setting(s): ${unknown.join(", ")}`);
    const valid = (value: unknown) => value === undefined || (typeof value === "number" && value >= 0);
    if (!valid(callbackDelayMs) || !valid(b2cUtilityBalanceKes)) {
      return message(400, "callbackDelayMs and b2cUtilityBalanceKes must be non-negative numbers");
    }
    // Applies to requests received from now on; outcomes already scheduled keep their time.
    if (typeof callbackDelayMs === "number") config.callbackDelayMs = callbackDelayMs;
    if (typeof b2cUtilityBalanceKes === "number") deps.b2c.setUtilityBalance(b2cUtilityBalanceKes);
    return { status: 200, body: settings() };
  }

  const routes: Record<string, Partial<Record<string, (req: SimRequest) => Reply>>> = {
    "/__sim/health": {
      GET: () => ({ status: 200, body: { status: "ok", ...settings() } }),
    },
    "/__sim/settings": {
      GET: () => ({ status: 200, body: settings() }),
      POST: (req) => (req.bodyError ? message(400, "The body is not valid JSON") : updateSettings(req.body)),
    },
    "/__sim/requests": {
      GET: () => ({ status: 200, body: { requests: received } }),
      DELETE: () => {
        received.length = 0;
        return { status: 200, body: { requests: received } };
      },
    },
    "/__sim/callbacks": {
      GET: () => ({ status: 200, body: { callbacks: callbacks.log } }),
      DELETE: () => {
        callbacks.log.length = 0;
        return { status: 200, body: { callbacks: callbacks.log } };
      },
    },
    "/__sim/transactions": {
      GET: () => ({
        status: 200,
        body: {
          stk: deps.stk.list(),
          b2c: deps.b2c.list(),
          transactionStatus: deps.transactionStatus.list(),
          accountBalance: deps.accountBalance.list(),
          b2cAccounts: deps.b2c.accounts(),
          c2b: deps.c2b.list(),
          c2bUrls: deps.c2b.registrations(),
          pullRegistrations: deps.pull.registrations(),
        },
      }),
    },
  };

  return (req) => {
    if (req.path === "/__sim/phones" || req.path.startsWith("/__sim/phones/")) return phones(req);
    const route = routes[req.path];
    if (!route) return message(404, `No simulator endpoint ${req.path}`);
    const handle = route[req.method];
    if (!handle) return message(405, `${req.method} is not allowed on ${req.path}`);
    return handle(req);
  };
}
