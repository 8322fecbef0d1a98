import type { Credentials } from "./sigv4.js";

/**
 * The server's settings: options for in-process use (`npm start`, the test suites) and the same knobs from the
 * environment for `main.ts`.
 */
export interface S3ServerOptions {
  /** Created at start when missing; any other bucket answers NoSuchBucket. */
  buckets: string[];
  /** Where objects are kept; absent, a temporary folder removed when the server closes. */
  dataDir?: string;
  /** The region requests must be signed for (the credential scope's region). */
  region?: string;
  /** The access keys whose signatures are accepted. Default: the local pair `local` / `local`. */
  credentials?: Credentials[];
  /** Origins a browser may call from (CORS); `*` allows any. Default: none. */
  corsOrigins?: string[];
  /** The largest object accepted, held in memory while it arrives. Default 100 MiB. */
  maxObjectBytes?: number;
  /** Injected clock, so tests can move time. */
  now?: () => Date;
}

export const LOCAL_CREDENTIALS: Credentials = { accessKeyId: "local", secretAccessKey: "local" };

export class ConfigError extends Error {
  override name = "ConfigError";
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function checkBucketName(name: string): string {
  if (!BUCKET_NAME.test(name) || name.includes("..")) {
    throw new ConfigError(`"${name}" is not a valid bucket name (3–63 lower-case letters, digits, dots and hyphens)`);
  }
  return name;
}

/** The environment variables `main.ts` reads. */
export const ENV_NAMES = {
  port: "S3_SIM_PORT",
  buckets: "S3_SIM_BUCKETS",
  dataDir: "S3_SIM_DATA_DIR",
  region: "S3_SIM_REGION",
  accessKeyId: "S3_SIM_ACCESS_KEY_ID",
  secretAccessKey: "S3_SIM_SECRET_ACCESS_KEY",
  corsOrigins: "S3_SIM_CORS_ORIGINS",
} as const;

export function optionsFromEnv(env: NodeJS.ProcessEnv): S3ServerOptions & { port: number } {
  const list = (name: string) =>
    (env[name] ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  const port = Number(env[ENV_NAMES.port] ?? 4040);
  if (!Number.isInteger(port) || port < 0) throw new ConfigError(`${ENV_NAMES.port} must be a port number`);
  const accessKeyId = env[ENV_NAMES.accessKeyId];
  const secretAccessKey = env[ENV_NAMES.secretAccessKey];
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(`Set both ${ENV_NAMES.accessKeyId} and ${ENV_NAMES.secretAccessKey}, or neither`);
  }
  return {
    port,
    buckets: list(ENV_NAMES.buckets).map(checkBucketName),
    dataDir: env[ENV_NAMES.dataDir] || undefined,
    region: env[ENV_NAMES.region] || undefined,
    credentials: accessKeyId && secretAccessKey ? [{ accessKeyId, secretAccessKey }] : undefined,
    corsOrigins: list(ENV_NAMES.corsOrigins),
  };
}
