import { S3Client } from "@aws-sdk/client-s3";
import { createS3Server, type S3Server, type S3ServerOptions } from "../../src/server.js";

/** The server on a free port with its own keys, and S3 clients of the real SDK pointed at it, path-style. */
export const KEYS = { accessKeyId: "AKIDTESTS3SIM", secretAccessKey: "test-secret-of-the-s3-server" };
export const REGION = "af-south-1";
export const BUCKET = "documents";
export const OTHER_BUCKET = "elsewhere";
export const WEB_ORIGIN = "http://localhost:5173";

export interface Harness {
  s3: S3Server;
  endpoint: string;
  client: S3Client;
  /** A client of the same endpoint with other settings (a wrong secret, a clock that is off). */
  clientWith(settings: { secretAccessKey?: string; accessKeyId?: string; systemClockOffset?: number }): S3Client;
  close(): Promise<void>;
}

export async function startHarness(options: Partial<S3ServerOptions> = {}): Promise<Harness> {
  const s3 = await createS3Server({
    buckets: [BUCKET, OTHER_BUCKET],
    region: REGION,
    credentials: [KEYS],
    corsOrigins: [WEB_ORIGIN],
    ...options,
  });
  const port = await s3.listen(0);
  const endpoint = `http://localhost:${port}`;
  const clients: S3Client[] = [];
  const clientWith: Harness["clientWith"] = (settings) => {
    const client = new S3Client({
      endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: {
        accessKeyId: settings.accessKeyId ?? KEYS.accessKeyId,
        secretAccessKey: settings.secretAccessKey ?? KEYS.secretAccessKey,
      },
      // A refusal is the answer under test, not something to retry.
      maxAttempts: 1,
    });
    if (settings.systemClockOffset !== undefined) client.config.systemClockOffset = settings.systemClockOffset;
    clients.push(client);
    return client;
  };
  return {
    s3,
    endpoint,
    client: clientWith({}),
    clientWith,
    close: async () => {
      for (const client of clients) client.destroy();
      await s3.close();
    },
  };
}

/** Posts a browser form: the presigned fields in order, then the file last, as a page's FormData would. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  file: { bytes: Uint8Array<ArrayBuffer> | string; type?: string; name?: string } | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(
      "file",
      new Blob([file.bytes], { type: file.type ?? "application/octet-stream" }),
      file.name ?? "upload.bin",
    );
  }
  const response = await fetch(url, { method: "POST", body: form, headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** `<Code>` of an S3 error body. */
export function errorCode(xml: string): string | undefined {
  return /<Code>([^<]*)<\/Code>/.exec(xml)?.[1];
}

/** The text of `<name>` in an XML answer, its entities decoded. */
export function element(xml: string, name: string): string | undefined {
  const text = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text?.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name] as string);
}
