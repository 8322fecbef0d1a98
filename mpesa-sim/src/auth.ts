import type { SimulatorConfig } from "./config.js";
import {
  type DarajaError,
  invalidAuthentication,
  invalidC2bAccessToken,
  invalidGrantType,
  invalidInitiatorAccessToken,
  invalidPullAccessToken,
  invalidStkAccessToken,
} from "./errors.js";
import { ok, type Reply, type SimRequest } from "./http.js";
import type { IdFactory } from "./ids.js";

/**
 * OAuth as Daraja does it (mpesa.md §1.2): Basic consumer key/secret → a bearer token living `expires_in` "3599"
 * seconds, and generating a new token invalidates the previous one — which is why the product must share one token
 * across its Lambdas rather than fetch one per container. Exactly one token is valid at any time.
 */
export class TokenStore {
  private current: { token: string; expiresAt: number } | undefined;

  constructor(
    private readonly config: SimulatorConfig,
    private readonly ids: IdFactory,
  ) {}

  issue(): string {
    const token = this.ids.accessToken();
    this.current = { token, expiresAt: this.config.now().getTime() + this.config.tokenTtlSeconds * 1000 };
    return token;
  }

  isValid(token: string): boolean {
    return this.current?.token === token && this.config.now().getTime() < this.current.expiresAt;
  }
}

export type ApiFamily = "stk" | "initiator" | "c2b" | "pull";

const INVALID_TOKEN: Record<ApiFamily, () => DarajaError> = {
  stk: invalidStkAccessToken,
  initiator: invalidInitiatorAccessToken,
  c2b: invalidC2bAccessToken,
  pull: invalidPullAccessToken,
};

/** Throws the family's invalid-token error unless the request carries the current bearer token. */
export function requireBearer(tokens: TokenStore, family: ApiFamily, req: SimRequest): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  if (!match?.[1] || !tokens.isValid(match[1])) throw INVALID_TOKEN[family]();
}

export function createOAuthHandler(config: SimulatorConfig, tokens: TokenStore): (req: SimRequest) => Reply {
  return (req) => {
    if (req.query.get("grant_type") !== "client_credentials") throw invalidGrantType();
    const match = /^Basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    if (!match?.[1]) throw invalidAuthentication();
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const separator = decoded.indexOf(":");
    const key = decoded.slice(0, separator);
    const secret = decoded.slice(separator + 1);
    if (separator < 0 || key !== config.consumerKey || secret !== config.consumerSecret) {
      throw invalidAuthentication();
    }
    // A string, as the documented response and older portal copies show it (mpesa.md §1.2).
    return ok({ access_token: tokens.issue(), expires_in: String(config.tokenTtlSeconds) });
  };
}
