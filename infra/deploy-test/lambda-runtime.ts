/**
 * What a Lambda execution environment gives a function, in small: the Runtime API that AWS's runtime interface
 * client (aws-lambda-ric, the same client Lambda's Node.js images start) polls for invocations, and the Parameters
 * and Secrets extension's local port. A function runs as it would in Lambda: its asset folder copied to a task root
 * of its own (no node_modules above it to fall back on), the template's handler string and environment, Node.js 22.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeServer, listen } from "../../functions/src/local/servers.js";
import { repoPaths } from "../lib/paths.js";

const RUNTIME_PATH = "/2018-06-01/runtime";
const RIC_ENTRY = join(repoPaths.root, "node_modules", "aws-lambda-ric", "index.mjs");

/** What the runtime client reported for one invocation. */
export type InvocationOutcome =
  | { kind: "response"; payload: unknown }
  | { kind: "error"; errorType: string; payload: unknown };

export class InitError extends Error {}

interface Pending {
  id: string;
  event: unknown;
  settle: (outcome: InvocationOutcome) => void;
  fail: (error: Error) => void;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The Runtime API for one function: `invoke` queues an event, the client takes it from `…/invocation/next` (held
 * open until there is one, as Lambda does) and posts its response or error back.
 */
class RuntimeApi {
  readonly server: Server;
  private readonly queue: Pending[] = [];
  private readonly inFlight = new Map<string, Pending>();
  private waiting: ServerResponse | undefined;
  initError: string | undefined;

  constructor(private readonly functionArn: string) {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? "";
    if (req.method === "GET" && url === `${RUNTIME_PATH}/invocation/next`) {
      this.waiting = res;
      this.dispatch();
      return;
    }
    const body = await readBody(req);
    if (req.method === "POST" && url === `${RUNTIME_PATH}/init/error`) {
      this.initError = body;
      for (const pending of [...this.queue, ...this.inFlight.values()]) pending.fail(new InitError(body));
      res.writeHead(202).end();
      return;
    }
    const match = /^\/2018-06-01\/runtime\/invocation\/([^/]+)\/(response|error)$/.exec(url);
    const pending = match?.[1] ? this.inFlight.get(match[1]) : undefined;
    if (req.method !== "POST" || !match || !pending) {
      res.writeHead(404).end();
      return;
    }
    this.inFlight.delete(pending.id);
    pending.settle(
      match[2] === "response"
        ? { kind: "response", payload: parse(body) }
        : {
            kind: "error",
            errorType: String(req.headers["lambda-runtime-function-error-type"] ?? "unknown"),
            payload: parse(body),
          },
    );
    res.writeHead(202).end();
  }

  private dispatch() {
    const res = this.waiting;
    if (!res || this.queue.length === 0) return;
    const next = this.queue.shift() as Pending;
    this.waiting = undefined;
    this.inFlight.set(next.id, next);
    res.writeHead(200, {
      "content-type": "application/json",
      "lambda-runtime-aws-request-id": next.id,
      "lambda-runtime-deadline-ms": String(Date.now() + 30_000),
      "lambda-runtime-invoked-function-arn": this.functionArn,
      "lambda-runtime-trace-id": `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomUUID().replaceAll("-", "").slice(0, 24)};Sampled=0`,
    });
    res.end(JSON.stringify(next.event));
  }

  invoke(event: unknown): Promise<InvocationOutcome> {
    if (this.initError !== undefined) return Promise.reject(new InitError(this.initError));
    return new Promise((settle, fail) => {
      this.queue.push({ id: randomUUID(), event, settle, fail });
      this.dispatch();
    });
  }

  failAll(error: Error) {
    for (const pending of [...this.queue, ...this.inFlight.values()]) pending.fail(error);
    this.queue.length = 0;
    this.inFlight.clear();
  }

  close() {
    this.waiting?.destroy();
    return closeServer(this.server);
  }
}

export interface LambdaFunctionSpec {
  /** The function's name, for its log lines and ARN. */
  readonly name: string;
  /** The synthesized asset folder of its code (`asset.<hash>` in the cloud assembly). */
  readonly assetDir: string;
  /** The template's Handler, e.g. `index.handler`. */
  readonly handler: string;
  readonly memorySize: number;
  readonly region: string;
  /** The template's environment variables, resolved, plus what the test points elsewhere. */
  readonly environment: Record<string, string>;
  /** The session token Lambda would give the function's role; the secrets extension checks it. */
  readonly sessionToken: string;
}

export interface RunningFunction {
  invoke(event: unknown): Promise<InvocationOutcome>;
  /** Everything the function wrote to stdout and stderr so far (its log lines). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts one function as Lambda would start its execution environment, and returns a way to invoke it. */
export async function startFunction(spec: LambdaFunctionSpec): Promise<RunningFunction> {
  const taskRoot = mkdtempSync(join(tmpdir(), `lambda-${spec.name}-`));
  cpSync(spec.assetDir, taskRoot, { recursive: true });
  const api = new RuntimeApi(`arn:aws:lambda:${spec.region}:111122223333:function:${spec.name}`);
  await listen(api.server, 0);
  const { port } = api.server.address() as AddressInfo;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [RIC_ENTRY], {
    cwd: taskRoot,
    stdio: ["ignore", "pipe", "pipe"],
    // Only what Lambda sets: nothing of this test process's own environment leaks in.
    env: {
      PATH: "/usr/local/bin:/usr/bin:/bin",
      LANG: "en_US.UTF-8",
      TZ: ":UTC",
      LAMBDA_TASK_ROOT: taskRoot,
      LAMBDA_RUNTIME_DIR: taskRoot,
      _HANDLER: spec.handler,
      AWS_LAMBDA_RUNTIME_API: `127.0.0.1:${port}`,
      AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x",
      AWS_LAMBDA_FUNCTION_NAME: spec.name,
      AWS_LAMBDA_FUNCTION_VERSION: "$LATEST",
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memorySize),
      AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${spec.name}`,
      AWS_LAMBDA_LOG_STREAM_NAME: `2026/01/01/[$LATEST]${randomUUID().replaceAll("-", "")}`,
      AWS_LAMBDA_INITIALIZATION_TYPE: "on-demand",
      AWS_REGION: spec.region,
      AWS_DEFAULT_REGION: spec.region,
      AWS_ACCESS_KEY_ID: "ASIAEXAMPLEDEPLOYTEST",
      AWS_SECRET_ACCESS_KEY: "deploy-test-secret-access-key",
      AWS_SESSION_TOKEN: spec.sessionToken,
      ...spec.environment,
    },
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.on("exit", (code, signal) => {
    api.failAll(new InitError(`${spec.name} exited (${signal ?? code}) before answering:\n${output}`));
  });
  return {
    invoke: (event) => api.invoke(event),
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await api.close();
      rmSync(taskRoot, { recursive: true, force: true });
    },
  };
}

/**
 * The Parameters and Secrets extension as a function sees it: `GET /secretsmanager/get?secretId=<arn>` on its port,
 * answered only with the session's token in `X-Aws-Parameters-Secrets-Token`, with Secrets Manager's JSON.
 * `reads` records which secret each read asked for.
 */
export async function startSecretsExtension(options: {
  port: number;
  sessionToken: string;
  secrets: ReadonlyMap<string, string>;
}) {
  const reads: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.headers["x-aws-parameters-secrets-token"] !== options.sessionToken) {
      res.writeHead(401).end("missing or wrong X-Aws-Parameters-Secrets-Token");
      return;
    }
    const secretId = url.searchParams.get("secretId") ?? "";
    const value = options.secrets.get(secretId);
    if (url.pathname !== "/secretsmanager/get" || value === undefined) {
      res.writeHead(400).end(JSON.stringify({ message: `ResourceNotFoundException: ${secretId}` }));
      return;
    }
    reads.push(secretId);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ARN: secretId, Name: secretId.split(":").at(-1), SecretString: value }));
  });
  await listen(server, options.port);
  return { reads, close: () => closeServer(server) };
}
