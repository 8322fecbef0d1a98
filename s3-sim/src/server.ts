import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import busboy from "busboy";
import { checkBucketName, LOCAL_CREDENTIALS, type S3ServerOptions } from "./config.js";
import { accessDenied, errorXml, notImplemented, S3Error, xmlElements } from "./errors.js";
import { listObjectsV2 } from "./list.js";
import { checkPostPolicy, checkSize } from "./post-policy.js";
import {
  type Authenticated,
  queryPairs,
  type SignedRequest,
  sha256Hex,
  type Verifier,
  verifyHeaderAuth,
  verifyQueryAuth,
} from "./sigv4.js";
import { type ObjectInfo, ObjectStore } from "./store.js";

export { ConfigError, LOCAL_CREDENTIALS, optionsFromEnv, type S3ServerOptions } from "./config.js";

/**
 * A small S3-compatible server for the machine the product runs on: path-style buckets
 * (`http://localhost:<port>/<bucket>/<key>`), objects kept on disk with their content type and size, every request
 * signed with Signature Version 4 and checked against the configured secret (header auth and presigned URLs, with
 * their expiry), browser form uploads (POST Object) held to their signed policy exactly as S3 holds them, and CORS
 * for the web app's origin. What it leaves out is listed in docs/adr/0014-own-s3-server.md.
 */
export interface S3Server {
  server: Server;
  store: ObjectStore;
  /** Where the objects are. */
  dataDir: string;
  /** Listens on `host` (default 127.0.0.1); resolves with the port taken (0 picks a free one). */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

const DEFAULT_REGION = "af-south-1";
const DEFAULT_MAX_OBJECT_BYTES = 100 * 1024 * 1024;
/** Form fields before the file: S3 takes at most 20 KB of them. */
const MAX_FORM_FIELD_BYTES = 20 * 1024;
/** The stored headers an object carries back on GET and HEAD. */
const STORED_HEADERS = ["cache-control", "content-disposition", "content-encoding", "content-language", "expires"];
/** The `response-*` parameters of a signed GET, and the header each one sets. */
const RESPONSE_OVERRIDES: Record<string, string> = {
  "response-content-type": "content-type",
  "response-content-disposition": "content-disposition",
  "response-content-language": "content-language",
  "response-content-encoding": "content-encoding",
  "response-cache-control": "cache-control",
  "response-expires": "expires",
};
/** In a form's `key`, S3 puts the uploaded file's name in place of this. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: S3's own placeholder, not a template.
const FILENAME_PLACEHOLDER = "${filename}";
const CORS_METHODS = ["GET", "PUT", "POST", "HEAD", "DELETE"];
const LIST_PARAMETERS = new Set([
  "list-type",
  "prefix",
  "delimiter",
  "max-keys",
  "start-after",
  "continuation-token",
  "encoding-type",
  "fetch-owner",
]);

export async function createS3Server(options: S3ServerOptions): Promise<S3Server> {
  const buckets = options.buckets.map(checkBucketName);
  const temporary = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), "s3-sim-"));
  const dataDir = options.dataDir ?? (temporary as string);
  const store = new ObjectStore(dataDir);
  for (const bucket of buckets) await store.ensureBucket(bucket);
  const verifier: Verifier = {
    region: options.region ?? DEFAULT_REGION,
    credentials: options.credentials ?? [LOCAL_CREDENTIALS],
    now: options.now ?? (() => new Date()),
  };
  const corsOrigins = options.corsOrigins ?? [];
  const maxObjectBytes = options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES;

  const allowedOrigin = (origin: string | undefined) =>
    origin && (corsOrigins.includes("*") || corsOrigins.includes(origin)) ? origin : undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    const mark = url.indexOf("?");
    const rawPath = mark === -1 ? url : url.slice(0, mark);
    const rawQuery = mark === -1 ? "" : url.slice(mark + 1);
    const method = req.method ?? "GET";
    if (method === "OPTIONS") return preflight(req, res);

    const slash = rawPath.indexOf("/", 1);
    const bucket = decodePath(slash === -1 ? rawPath.slice(1) : rawPath.slice(1, slash));
    const key = slash === -1 ? "" : decodePath(rawPath.slice(slash + 1));
    if (!bucket) throw notImplemented("listing buckets");
    if (!store.hasBucket(bucket)) {
      throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist", { BucketName: bucket });
    }
    const query = queryPairs(rawQuery);
    const signed: SignedRequest = { method, rawPath, rawQuery, rawHeaders: req.rawHeaders };

    if (!key) {
      if (method === "POST" && query.length === 0) return postObject(req, res, bucket);
      if (method === "HEAD" || method === "GET") {
        authenticate(req, signed, query);
        if (method === "HEAD") return send(res, 200);
        const unknown = query.find(([name]) => !LIST_PARAMETERS.has(name) && !isAuthOrSdk(name));
        if (unknown || !query.some(([name, value]) => name === "list-type" && value === "2")) {
          throw notImplemented(`?${unknown?.[0] ?? "ListObjects version 1"}`);
        }
        return send(res, 200, await listObjectsV2(store, bucket, new Map(query)), "application/xml");
      }
      throw notImplemented(`${method} on a bucket`);
    }

    const unknown = query.find(([name]) => !isAuthOrSdk(name) && !Object.hasOwn(RESPONSE_OVERRIDES, name));
    if (unknown) throw notImplemented(`?${unknown[0]}`);
    const auth = authenticate(req, signed, query);
    if (key.length > 1024) throw new S3Error(400, "KeyTooLongError", "Your key is too long");
    switch (method) {
      case "PUT":
        return putObject(req, res, bucket, key, auth);
      case "GET":
      case "HEAD": {
        const info = await store.head(bucket, key);
        if (!info) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.", { Key: key });
        const headers = objectHeaders(info);
        for (const [name, value] of query) {
          if (Object.hasOwn(RESPONSE_OVERRIDES, name)) headers[RESPONSE_OVERRIDES[name] as string] = value;
        }
        res.writeHead(200, headers);
        if (method === "HEAD") {
          res.end();
          return;
        }
        // Deleted between its description and its bytes: the answer is cut short, as S3's would be.
        store
          .read(bucket, key)
          .once("error", () => res.destroy())
          .pipe(res);
        return;
      }
      case "DELETE":
        await store.delete(bucket, key);
        return send(res, 204);
      default:
        throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.", {
          Method: method,
          ResourceType: "OBJECT",
        });
    }
  }

  function authenticate(req: IncomingMessage, signed: SignedRequest, query: [string, string][]): Authenticated {
    const presigned = query.some(([name]) => name === "X-Amz-Signature" || name === "X-Amz-Algorithm");
    const authorization = req.headers.authorization;
    if (presigned && authorization) {
      throw new S3Error(
        400,
        "InvalidArgument",
        "Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified",
      );
    }
    if (presigned) return verifyQueryAuth(verifier, signed);
    if (authorization) return verifyHeaderAuth(verifier, signed, authorization);
    throw accessDenied();
  }

  async function putObject(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    key: string,
    auth: Authenticated,
  ) {
    let body = await readBody(req, maxObjectBytes * 2);
    const hash = auth.payloadHash;
    if (/^[0-9a-f]{64}$/i.test(hash)) {
      if (sha256Hex(body) !== hash.toLowerCase()) {
        throw new S3Error(
          400,
          "XAmzContentSHA256Mismatch",
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
          {
            ClientComputedContentSHA256: hash,
            S3ComputedContentSHA256: sha256Hex(body),
          },
        );
      }
    } else if (hash === "STREAMING-UNSIGNED-PAYLOAD-TRAILER") {
      body = decodeAwsChunked(body);
    } else if (hash !== "UNSIGNED-PAYLOAD") {
      throw notImplemented(`x-amz-content-sha256: ${hash}`);
    }
    if (body.length > maxObjectBytes) {
      throw new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", {
        ProposedSize: body.length,
        MaxSizeAllowed: maxObjectBytes,
      });
    }
    const md5 = req.headers["content-md5"] as string | undefined;
    if (md5 && Buffer.from(md5, "base64").toString("hex") !== createHash("md5").update(body).digest("hex")) {
      throw new S3Error(400, "BadDigest", "The Content-MD5 you specified did not match what we received.");
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value !== "string") continue;
      if (STORED_HEADERS.includes(name) || name.startsWith("x-amz-meta-")) headers[name] = value;
    }
    const encoding = headers["content-encoding"]
      ?.split(",")
      .map((part) => part.trim())
      .filter((part) => part && part !== "aws-chunked")
      .join(", ");
    if (encoding) headers["content-encoding"] = encoding;
    else delete headers["content-encoding"];
    const info = await store.put(bucket, key, body, {
      contentType: req.headers["content-type"] ?? "binary/octet-stream",
      headers,
    });
    send(res, 200, undefined, undefined, { etag: `"${info.md5}"` });
  }

  async function postObject(req: IncomingMessage, res: ServerResponse, bucket: string) {
    if (!/^multipart\/form-data\b/i.test(req.headers["content-type"] ?? "")) {
      req.resume();
      throw new S3Error(412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold", {
        Condition: "Bucket POST must be of the enclosure-type multipart/form-data",
      });
    }
    const form = await readForm(req, bucket);
    const policy = checkPostPolicy(verifier, bucket, form.fields);
    if (form.tooLong) {
      throw new S3Error(
        400,
        "MaxPostPreDataLengthExceeded",
        "Your POST request fields preceding the upload file were too large.",
      );
    }
    if (!form.file) {
      throw new S3Error(400, "InvalidArgument", "POST requires exactly one file upload per request.", {
        ArgumentName: "file",
        ArgumentValue: 0,
      });
    }
    if (form.file.size > maxObjectBytes) {
      throw new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", {
        ProposedSize: form.file.size,
        MaxSizeAllowed: maxObjectBytes,
      });
    }
    checkSize(policy, form.file.size);
    const key = (form.fields.get("key") as string).replaceAll(FILENAME_PLACEHOLDER, form.file.name);
    if (key.length === 0) throw new S3Error(400, "InvalidArgument", "User key must have a length greater than 0.");
    if (key.length > 1024) throw new S3Error(400, "KeyTooLongError", "Your key is too long");
    const headers: Record<string, string> = {};
    for (const [name, value] of form.fields) {
      if (STORED_HEADERS.includes(name) || name.startsWith("x-amz-meta-")) headers[name] = value;
    }
    const info = await store.put(bucket, key, Buffer.concat(form.file.chunks), {
      contentType: form.fields.get("content-type") || "binary/octet-stream",
      headers,
    });
    const etag = `"${info.md5}"`;
    const location = `http://${req.headers.host ?? "localhost"}/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
    const redirect = form.fields.get("success_action_redirect") ?? form.fields.get("redirect");
    if (redirect && URL.canParse(redirect)) {
      const target = new URL(redirect);
      target.searchParams.set("bucket", bucket);
      target.searchParams.set("key", key);
      target.searchParams.set("etag", etag);
      return send(res, 303, undefined, undefined, { location: target.href, etag });
    }
    const status = form.fields.get("success_action_status");
    if (status === "201") {
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse>${xmlElements({ Location: location, Bucket: bucket, Key: key, ETag: etag })}</PostResponse>`;
      return send(res, 201, xml, "application/xml", { etag, location });
    }
    return send(res, status === "200" ? 200 : 204, undefined, undefined, { etag, location });
  }

  /**
   * The form's fields before the file (by lower-case name) and the file, kept only up to the policy's largest size:
   * the rest is read and dropped, so the browser gets the answer rather than a broken connection.
   */
  function readForm(req: IncomingMessage, bucket: string) {
    return new Promise<{
      fields: Map<string, string>;
      tooLong: boolean;
      file?: { name: string; size: number; chunks: Buffer[] };
    }>((resolve, reject) => {
      const fields = new Map<string, string>();
      let tooLong = false;
      let file: { name: string; size: number; chunks: Buffer[] } | undefined;
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          defParamCharset: "utf8",
          limits: { fieldSize: MAX_FORM_FIELD_BYTES, files: 1 },
        });
      } catch {
        req.resume();
        reject(malformedPost());
        return;
      }
      parser.on("field", (name, value, info) => {
        if (file) return;
        if (info.valueTruncated) tooLong = true;
        fields.set(name.toLowerCase(), value);
      });
      parser.on("file", (name, stream, info) => {
        if (file || name.toLowerCase() !== "file") {
          // A second file, or a file under another name, is not the upload.
          if (!file) fields.set(name.toLowerCase(), "");
          stream.resume();
          return;
        }
        const upload = { name: info.filename ?? "", size: 0, chunks: [] as Buffer[] };
        // Fields before the file are the form (S3 ignores any after it), so its policy can be read now.
        file = upload;
        let limit = maxObjectBytes;
        try {
          limit = Math.min(limit, checkPostPolicy(verifier, bucket, fields).sizeRange?.max ?? limit);
        } catch {
          // The policy is refused once the form is read; its file need not be kept.
          limit = 0;
        }
        stream.on("data", (chunk: Buffer) => {
          upload.size += chunk.length;
          if (upload.size <= limit) upload.chunks.push(chunk);
        });
      });
      parser.on("close", () => resolve({ fields, tooLong, file }));
      parser.on("error", () => {
        req.unpipe(parser);
        req.resume();
        reject(malformedPost());
      });
      req.pipe(parser);
    });
  }

  function preflight(req: IncomingMessage, res: ServerResponse) {
    const origin = req.headers.origin;
    const requested = req.headers["access-control-request-method"];
    if (!origin || !requested) {
      throw new S3Error(400, "BadRequest", "Insufficient information. Origin request header needed.");
    }
    if (!allowedOrigin(origin) || !CORS_METHODS.includes(requested)) {
      throw new S3Error(
        403,
        "AccessForbidden",
        "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are incorrect or not allowed.",
        { Method: requested, ResourceType: "OBJECT" },
      );
    }
    res.writeHead(200, {
      "access-control-allow-methods": CORS_METHODS.join(", "),
      ...(req.headers["access-control-request-headers"]
        ? { "access-control-allow-headers": req.headers["access-control-request-headers"] }
        : {}),
      "access-control-max-age": "3000",
      "content-length": "0",
    });
    res.end();
  }

  const server = createServer((req, res) => {
    const requestId = randomBytes(8).toString("hex").toUpperCase();
    res.setHeader("x-amz-request-id", requestId);
    res.setHeader("x-amz-id-2", requestId);
    const origin = allowedOrigin(req.headers.origin);
    if (origin) {
      // S3 puts the CORS headers on errors too, so a page can read why its upload was refused.
      res.setHeader("access-control-allow-origin", corsOrigins.includes("*") ? "*" : origin);
      res.setHeader("vary", "Origin");
      res.setHeader("access-control-expose-headers", "ETag, Location, x-amz-request-id, x-amz-id-2");
    }
    handle(req, res).catch((error: unknown) => {
      const s3Error =
        error instanceof S3Error
          ? error
          : new S3Error(500, "InternalError", "We encountered an internal error. Please try again.");
      if (!(error instanceof S3Error)) console.error("[s3-sim]", error);
      if (!req.complete) req.resume();
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, s3Error.status, req.method === "HEAD" ? undefined : errorXml(s3Error, requestId), "application/xml");
    });
  });

  return {
    server,
    store,
    dataDir,
    listen: (port, host = "127.0.0.1") =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        const done = () => {
          if (temporary) rmSync(temporary, { recursive: true, force: true });
          resolve();
        };
        if (server.listening) server.close(done);
        else done();
      }),
  };
}

/** A presigned URL's parameters, the SDK's operation name, and headers sent as parameters (x-amz-checksum-mode). */
function isAuthOrSdk(name: string): boolean {
  return name.toLowerCase().startsWith("x-amz-") || name === "x-id";
}

function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, "InvalidURI", "Couldn't parse the specified URI.");
  }
}

const malformedPost = () =>
  new S3Error(400, "MalformedPOSTRequest", "The body of your POST request is not well-formed multipart/form-data.");

function objectHeaders(info: ObjectInfo): Record<string, string> {
  return {
    "content-type": info.contentType,
    "content-length": String(info.size),
    etag: `"${info.md5}"`,
    "last-modified": info.lastModified,
    "accept-ranges": "bytes",
    ...info.headers,
  };
}

function send(
  res: ServerResponse,
  status: number,
  body?: string,
  contentType?: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    ...(contentType ? { "content-type": contentType } : {}),
    "content-length": String(body ? Buffer.byteLength(body) : 0),
  });
  res.end(body);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > limit) {
        reject(
          new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", {
            ProposedSize: size,
            MaxSizeAllowed: limit,
          }),
        );
      } else resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

/** `aws-chunked` with an unsigned trailer: `<hex size>\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n\r\n`. */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) throw incompleteBody();
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1").split(";")[0] as string, 16);
    if (!Number.isInteger(size) || size < 0) throw incompleteBody();
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (start + size + 2 > body.length) throw incompleteBody();
    parts.push(body.subarray(start, start + size));
    at = start + size + 2;
  }
}

const incompleteBody = () =>
  new S3Error(
    400,
    "IncompleteBody",
    "You did not provide the number of bytes specified by the Content-Length HTTP header.",
  );
