/**
 * Reads a secret string through the AWS Parameters and Secrets Lambda Extension, which every function bound to a
 * secret carries (infra/lib/constructs/app-function.ts): a local HTTP call instead of the Secrets Manager SDK in the
 * bundle. Only reached in AWS, where a secret comes by its ARN; locally secrets come from the environment
 * (config.ts). Callers cache the result per container.
 */

/** The extension's default port (PARAMETERS_SECRETS_EXTENSION_HTTP_PORT). */
const DEFAULT_PORT = "2773";
/** The extension can take a moment after the runtime starts before it listens; a few short retries cover that. */
const ATTEMPTS = 4;
const RETRY_DELAY_MS = 100;

export async function readSecret(secretId: string): Promise<string> {
  const token = process.env.AWS_SESSION_TOKEN;
  if (!token) throw new Error("Cannot read a secret: AWS_SESSION_TOKEN is not set (outside Lambda?)");
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || DEFAULT_PORT;
  const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`;
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetch(url, {
        headers: { "X-Aws-Parameters-Secrets-Token": token },
        signal: AbortSignal.timeout(3000),
      });
      if (!response.ok) {
        // The extension answers 4xx for a missing secret or a refused read: asking again will not help.
        const error = new Error(`Secret ${secretId} could not be read: ${response.status} ${await response.text()}`);
        if (response.status < 500) throw Object.assign(error, { final: true });
        throw error;
      }
      const { SecretString } = (await response.json()) as { SecretString?: string };
      if (!SecretString) throw Object.assign(new Error(`Secret ${secretId} has no string value`), { final: true });
      return SecretString;
    } catch (error) {
      if ((error as { final?: boolean }).final) throw error;
      lastError = error;
      if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
    }
  }
  throw new Error(`Secret ${secretId} could not be read from the Parameters and Secrets extension`, {
    cause: lastError,
  });
}
