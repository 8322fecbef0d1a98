import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUCKET, element, errorCode, type Harness, startHarness } from "./support/harness.js";

/** Header-signed SDK calls and presigned URLs, each signature recomputed with the server's secret. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => "succeeded",
    (error: { name: string; $metadata?: { httpStatusCode?: number } }) =>
      `${error.$metadata?.httpStatusCode} ${error.name}`,
  );

describe("SDK calls signed in the Authorization header", () => {
  it("puts, heads, gets and deletes an object, keeping its content type and size", async () => {
    const key = "kyc/u1/a1/selfie";
    await h.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: "selfie bytes", ContentType: "image/png" }),
    );
    const found = await h.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(found.ContentLength).toBe(12);
    expect(found.ContentType).toBe("image/png");
    expect(found.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    const object = await h.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await object.Body?.transformToString()).toBe("selfie bytes");
    await h.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await failure(h.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })))).toBe("404 NotFound");
    expect(await failure(h.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key })))).toBe("404 NoSuchKey");
  });

  it("takes a streamed body (aws-chunked with a checksum trailer) and keys with spaces and symbols", async () => {
    const key = "odd keys/ä ö+&=?#!'()*.pdf";
    await h.client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: key,
        Body: Readable.from([Buffer.from("%PDF-1.7 "), Buffer.from("streamed")]),
        ContentLength: 17,
        ContentType: "application/pdf",
      }),
    );
    const object = await h.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await object.Body?.transformToString()).toBe("%PDF-1.7 streamed");
    expect(object.ContentType).toBe("application/pdf");
  });

  it("refuses a request signed with another secret, an unknown key, and an unsigned one", async () => {
    const put = (client = h.client) =>
      client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "kyc/forged", Body: "x", ContentType: "image/png" }));
    expect(await failure(put(h.clientWith({ secretAccessKey: "wrong" })))).toBe("403 SignatureDoesNotMatch");
    expect(await failure(put(h.clientWith({ accessKeyId: "AKIDUNKNOWN" })))).toBe("403 InvalidAccessKeyId");
    const anonymous = await fetch(`${h.endpoint}/${BUCKET}/kyc/forged`, { method: "PUT", body: "x" });
    expect(anonymous.status).toBe(403);
    expect(errorCode(await anonymous.text())).toBe("AccessDenied");
    const head = h.clientWith({ secretAccessKey: "wrong" }).send(new HeadObjectCommand({ Bucket: BUCKET, Key: "x" }));
    // A HEAD answer has no body to name the error: the status says it.
    expect(await failure(head)).toMatch(/^403 /);
    expect(await failure(h.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "kyc/forged" })))).toBe(
      "404 NotFound",
    );
  });

  it("checks the body against the SHA-256 it was signed with", async () => {
    const tampering = h.clientWith({});
    // After the signature is computed, the body is swapped for one of the same length.
    type Args = { request: { body: unknown } };
    const swapBody = (next: (args: Args) => unknown) => (args: Args) => {
      args.request.body = "hellp";
      return next(args);
    };
    tampering.middlewareStack.addRelativeTo(
      swapBody as unknown as Parameters<typeof tampering.middlewareStack.addRelativeTo>[0],
      { relation: "after", toMiddleware: "httpSigningMiddleware", name: "swapBody" },
    );
    const put = tampering.send(new PutObjectCommand({ Bucket: BUCKET, Key: "kyc/swapped", Body: "hello" }));
    expect(await failure(put)).toBe("400 XAmzContentSHA256Mismatch");
    expect(await failure(h.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "kyc/swapped" })))).toBe(
      "404 NotFound",
    );
  });

  it("refuses a header-signed request from a clock 15 minutes or more away", async () => {
    const ahead = await startHarness({ now: () => new Date(Date.now() + 16 * 60_000) });
    try {
      const put = ahead.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "kyc/late", Body: "x" }));
      expect(await failure(put)).toBe("403 RequestTimeTooSkewed");
    } finally {
      await ahead.close();
    }
  });

  it("answers NoSuchBucket for a bucket it was not given", async () => {
    expect(await failure(h.client.send(new GetObjectCommand({ Bucket: "no-such-bucket", Key: "a" })))).toBe(
      "404 NoSuchBucket",
    );
  });

  it("lists objects by prefix, with common prefixes and pages", async () => {
    for (const key of ["list/a/1", "list/a/2", "list/b/1", "list/c", "other/x"]) {
      await h.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: key }));
    }
    const all = await h.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "list/" }));
    expect(all.Contents?.map((item) => [item.Key, item.Size])).toEqual([
      ["list/a/1", 8],
      ["list/a/2", 8],
      ["list/b/1", 8],
      ["list/c", 6],
    ]);
    const folders = await h.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "list/", Delimiter: "/" }));
    expect(folders.CommonPrefixes?.map((item) => item.Prefix)).toEqual(["list/a/", "list/b/"]);
    expect(folders.Contents?.map((item) => item.Key)).toEqual(["list/c"]);
    const first = await h.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "list/", MaxKeys: 3 }));
    expect(first.IsTruncated).toBe(true);
    const second = await h.client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "list/", ContinuationToken: first.NextContinuationToken }),
    );
    expect([...(first.Contents ?? []), ...(second.Contents ?? [])].map((item) => item.Key)).toEqual([
      "list/a/1",
      "list/a/2",
      "list/b/1",
      "list/c",
    ]);
  });
});

describe("presigned GET links", () => {
  const key = "kyc/u2/a1/id-front";
  beforeAll(async () => {
    await h.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: "front of the ID", ContentType: "image/jpeg" }),
    );
  });

  it("serves the object to a plain fetch, with the signed response-* overrides", async () => {
    const url = await getSignedUrl(
      h.client,
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: key,
        ResponseContentDisposition: 'attachment; filename="id-front.jpg"',
      }),
      { expiresIn: 300 },
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("front of the ID");
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("content-length")).toBe("15");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="id-front.jpg"');
    const typed = await getSignedUrl(
      h.client,
      new GetObjectCommand({ Bucket: BUCKET, Key: key, ResponseContentType: "application/octet-stream" }),
      { expiresIn: 300 },
    );
    expect((await fetch(typed)).headers.get("content-type")).toBe("application/octet-stream");
  });

  it("refuses a link past its X-Amz-Expires", async () => {
    const url = await getSignedUrl(h.client, new GetObjectCommand({ Bucket: BUCKET, Key: key }), {
      expiresIn: 300,
      signingDate: new Date(Date.now() - 301_000),
    });
    const response = await fetch(url);
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(errorCode(body)).toBe("AccessDenied");
    expect(element(body, "Message")).toBe("Request has expired");
    const fresh = await getSignedUrl(h.client, new GetObjectCommand({ Bucket: BUCKET, Key: key }), {
      expiresIn: 300,
      signingDate: new Date(Date.now() - 290_000),
    });
    expect((await fetch(fresh)).status).toBe(200);
  });

  it("refuses a link whose key, overrides or lifetime were changed, and one signed with another secret", async () => {
    const url = await getSignedUrl(
      h.client,
      new GetObjectCommand({ Bucket: BUCKET, Key: key, ResponseContentDisposition: "inline" }),
      { expiresIn: 300 },
    );
    for (const changed of [
      url.replace("id-front", "id-back"),
      url.replace("response-content-disposition=inline", "response-content-disposition=attachment"),
      url.replace("X-Amz-Expires=300", "X-Amz-Expires=3000"),
    ]) {
      const response = await fetch(changed);
      expect(response.status).toBe(403);
      expect(errorCode(await response.text())).toBe("SignatureDoesNotMatch");
    }
    const forged = await getSignedUrl(
      h.clientWith({ secretAccessKey: "wrong" }),
      new GetObjectCommand({ Bucket: BUCKET, Key: key }),
      { expiresIn: 300 },
    );
    expect(errorCode(await (await fetch(forged)).text())).toBe("SignatureDoesNotMatch");
  });

  it("signs HEAD and PUT links too", async () => {
    const put = await getSignedUrl(
      h.client,
      new PutObjectCommand({ Bucket: BUCKET, Key: "kyc/u3/put", ContentType: "image/png" }),
      { expiresIn: 60 },
    );
    const stored = await fetch(put, { method: "PUT", body: "png", headers: { "content-type": "image/png" } });
    expect(stored.status).toBe(200);
    const head = await getSignedUrl(h.client, new HeadObjectCommand({ Bucket: BUCKET, Key: "kyc/u3/put" }), {
      expiresIn: 60,
    });
    const found = await fetch(head, { method: "HEAD" });
    expect(found.status).toBe(200);
    expect(found.headers.get("content-length")).toBe("3");
    expect(found.headers.get("content-type")).toBe("image/png");
  });
});
