/**
 * What a Lambda bundle gets in place of `@aws-sdk/credential-provider-node` (the SDK's default credential chain): the
 * environment's credentials, which is where Lambda puts the function's role credentials. The chain's other sources
 * (SSO, shared ini files, the login and process providers, instance metadata) and the STS/SSO clients they carry never
 * apply in Lambda, and every SDK client imports the chain whether or not it is given credentials; the alias in
 * `bundling.ts` swaps this module in at bundle time, so they stay out of the bundle. Run from source (tests, the
 * local server, scripts) the SDK's own chain is used.
 */
import { fromEnv } from "@aws-sdk/credential-provider-env";

/** The chain's entry point, as the SDK clients' runtime configuration calls it. */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}): ReturnType<typeof fromEnv> => fromEnv(init);

/** The chain's other exports, for any importer: the environment's credentials are never refreshed in place. */
export const credentialsWillNeedRefresh = (_credentials: unknown): boolean => false;
export const credentialsTreatedAsExpired = (_credentials: unknown): boolean => false;
