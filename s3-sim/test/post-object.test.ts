import { GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUCKET,
  element,
  errorCode,
  type Harness,
  OTHER_BUCKET,
  postForm,
  startHarness,
  WEB_ORIGIN,
} from "./support/harness.js";

/**
 * Browser form uploads (POST Object) against the presigned POSTs of the real SDK: what the policy allows is stored,
 * everything else refused with S3's answer and nothing stored.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let next = 0;
const newKey = () => `kyc/user-${++next}/id-front`;

/** A presigned POST like the product's: exact key and content type, 1 byte to `maxBytes`. */
function presign(key: string, options: { contentType?: string; maxBytes?: number; expires?: number } = {}) {
  const contentType = options.contentType ?? "image/jpeg";
  return createPresignedPost(h.client, {
    Bucket: BUCKET,
    Key: key,
    Conditions: [
      ["eq", "$Content-Type", contentType],
      ["content-length-range", 1, options.maxBytes ?? 1024],
    ],
    Fields: { "Content-Type": contentType },
    Expires: options.expires ?? 600,
  });
}

const head = (key: string) =>
  h.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    (found) => ({ size: found.ContentLength, type: found.ContentType }),
    (error: { name: string }) => error.name,
  );

describe("POST Object with a presigned policy", () => {
  it("stores a file the policy allows, with its content type and size, and answers 204", async () => {
    const key = newKey();
    const { url, fields } = await presign(key);
    expect(url).toBe(`${h.endpoint}/${BUCKET}`);
    const posted = await postForm(url, fields, { bytes: "jpeg bytes", type: "image/jpeg" });
    expect(posted.status).toBe(204);
    expect(posted.text).toBe("");
    expect(await head(key)).toEqual({ size: 10, type: "image/jpeg" });
    const object = await h.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await object.Body?.transformToString()).toBe("jpeg bytes");
  });

  it("answers 201 with S3's PostResponse when success_action_status asks for it", async () => {
    const key = newKey();
    const { url, fields } = await createPresignedPost(h.client, {
      Bucket: BUCKET,
      Key: key,
      Conditions: [{ success_action_status: "201" }],
      Fields: { success_action_status: "201" },
    });
    const posted = await postForm(url, fields, { bytes: "x" });
    expect(posted.status).toBe(201);
    expect(element(posted.text, "Key")).toBe(key);
    expect(element(posted.text, "Bucket")).toBe(BUCKET);
    expect(element(posted.text, "ETag")).toBe('"9dd4e461268c8034f5c8564e155c67a6"');
  });

  it("refuses a content type other than the signed one, and stores nothing", async () => {
    const key = newKey();
    const { url, fields } = await presign(key, { contentType: "image/png" });
    const posted = await postForm(
      url,
      { ...fields, "Content-Type": "text/html" },
      { bytes: "<script>", type: "text/html" },
    );
    expect(posted.status).toBe(403);
    expect(errorCode(posted.text)).toBe("AccessDenied");
    expect(element(posted.text, "Message")).toBe(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "image/png"]',
    );
    expect(await head(key)).toBe("NotFound");
  });

  it("refuses a form without the content type the policy names", async () => {
    const key = newKey();
    const { url, fields } = await presign(key);
    const { "Content-Type": _dropped, ...rest } = fields;
    const posted = await postForm(url, rest, { bytes: "jpeg", type: "image/jpeg" });
    expect(posted.status).toBe(403);
    expect(element(posted.text, "Message")).toContain("Policy Condition failed");
    expect(await head(key)).toBe("NotFound");
  });

  it("refuses a file over the policy's largest size with EntityTooLarge, and one of 0 bytes with EntityTooSmall", async () => {
    const key = newKey();
    const { url, fields } = await presign(key, { maxBytes: 5 });
    const exact = await postForm(url, fields, { bytes: "12345", type: "image/jpeg" });
    expect(exact.status).toBe(204);
    await h.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));

    const other = newKey();
    const large = await presign(other, { maxBytes: 5 });
    const over = await postForm(large.url, large.fields, { bytes: "123456", type: "image/jpeg" });
    expect(over.status).toBe(400);
    expect(errorCode(over.text)).toBe("EntityTooLarge");
    expect(element(over.text, "ProposedSize")).toBe("6");
    expect(element(over.text, "MaxSizeAllowed")).toBe("5");
    const empty = await postForm(large.url, large.fields, { bytes: "", type: "image/jpeg" });
    expect(empty.status).toBe(400);
    expect(errorCode(empty.text)).toBe("EntityTooSmall");
    expect(element(empty.text, "MinSizeAllowed")).toBe("1");
    expect(await head(other)).toBe("NotFound");
  });

  it("refuses a large file past the limit after reading it, so the browser gets the answer", async () => {
    const key = newKey();
    const { url, fields } = await presign(key, { maxBytes: 5 * 1024 * 1024 });
    const posted = await postForm(url, fields, { bytes: new Uint8Array(5 * 1024 * 1024 + 1), type: "image/jpeg" });
    expect(posted.status).toBe(400);
    expect(errorCode(posted.text)).toBe("EntityTooLarge");
    expect(await head(key)).toBe("NotFound");
  });

  it("refuses an expired policy", async () => {
    const key = newKey();
    // Signed two hours ago for one minute.
    const late = h.clientWith({ systemClockOffset: -2 * 3600_000 });
    const { url, fields } = await createPresignedPost(late, { Bucket: BUCKET, Key: key, Expires: 60 });
    const posted = await postForm(url, fields, { bytes: "x" });
    expect(posted.status).toBe(403);
    expect(errorCode(posted.text)).toBe("AccessDenied");
    expect(element(posted.text, "Message")).toBe("Invalid according to Policy: Policy expired.");
    expect(await head(key)).toBe("NotFound");
  });

  it("refuses a policy changed after signing (a larger size allowed) with SignatureDoesNotMatch", async () => {
    const key = newKey();
    const { url, fields } = await presign(key, { maxBytes: 5 });
    const policy = JSON.parse(Buffer.from(fields.Policy as string, "base64").toString("utf8")) as {
      conditions: unknown[];
    };
    policy.conditions = policy.conditions.map((condition) =>
      Array.isArray(condition) && condition[0] === "content-length-range"
        ? ["content-length-range", 1, 1e9]
        : condition,
    );
    const tampered = { ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString("base64") };
    const posted = await postForm(url, tampered, { bytes: "123456789", type: "image/jpeg" });
    expect(posted.status).toBe(403);
    expect(errorCode(posted.text)).toBe("SignatureDoesNotMatch");
    expect(await head(key)).toBe("NotFound");
  });

  it("refuses a policy signed with another secret, and an unknown access key", async () => {
    const key = newKey();
    const wrong = await createPresignedPost(h.clientWith({ secretAccessKey: "not-the-secret" }), {
      Bucket: BUCKET,
      Key: key,
    });
    expect(errorCode((await postForm(wrong.url, wrong.fields, { bytes: "x" })).text)).toBe("SignatureDoesNotMatch");
    const unknown = await createPresignedPost(h.clientWith({ accessKeyId: "AKIDUNKNOWN" }), {
      Bucket: BUCKET,
      Key: key,
    });
    const posted = await postForm(unknown.url, unknown.fields, { bytes: "x" });
    expect(posted.status).toBe(403);
    expect(errorCode(posted.text)).toBe("InvalidAccessKeyId");
    expect(await head(key)).toBe("NotFound");
  });

  it("refuses another key than the signed one, and another bucket than the signed one", async () => {
    const key = newKey();
    const { url, fields } = await presign(key);
    const elsewhere = await postForm(url, { ...fields, key: `${key}-other` }, { bytes: "x", type: "image/jpeg" });
    expect(element(elsewhere.text, "Message")).toBe(
      `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${key}"]`,
    );
    const otherBucket = await postForm(url.replace(BUCKET, OTHER_BUCKET), fields, { bytes: "x", type: "image/jpeg" });
    expect(otherBucket.status).toBe(403);
    expect(element(otherBucket.text, "Message")).toBe(
      `Invalid according to Policy: Policy Condition failed: ["eq", "$bucket", "${BUCKET}"]`,
    );
    expect(await head(`${key}-other`)).toBe("NotFound");
  });

  it("refuses a form field no condition covers, but not the x-ignore- ones", async () => {
    const key = newKey();
    const { url, fields } = await presign(key);
    const extra = await postForm(url, { ...fields, "x-amz-meta-note": "hi" }, { bytes: "x", type: "image/jpeg" });
    expect(extra.status).toBe(403);
    expect(element(extra.text, "Message")).toBe("Invalid according to Policy: Extra input fields: x-amz-meta-note");
    const ignored = await postForm(url, { ...fields, "x-ignore-note": "hi" }, { bytes: "x", type: "image/jpeg" });
    expect(ignored.status).toBe(204);
  });

  it("holds starts-with conditions, and puts the file's name in place of the key's placeholder", async () => {
    const { url, fields } = await createPresignedPost(h.client, {
      Bucket: BUCKET,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's placeholder for the file's name.
      Key: "uploads/${filename}",
      Conditions: [["starts-with", "$Content-Type", "image/"]],
      Fields: { "Content-Type": "image/png" },
    });
    expect((await postForm(url, fields, { bytes: "png", type: "image/png", name: "me.png" })).status).toBe(204);
    expect(await head("uploads/me.png")).toEqual({ size: 3, type: "image/png" });
    const refused = await postForm(url, { ...fields, "Content-Type": "text/plain" }, { bytes: "x", name: "a.txt" });
    expect(element(refused.text, "Message")).toBe(
      'Invalid according to Policy: Policy Condition failed: ["starts-with", "$Content-Type", "image/"]',
    );
  });

  it("refuses a form without a file, an unsigned form, and a body that is not a form", async () => {
    const { url, fields } = await presign(newKey());
    const noFile = await postForm(url, fields, undefined);
    expect(noFile.status).toBe(400);
    expect(errorCode(noFile.text)).toBe("InvalidArgument");
    const anonymous = await postForm(url, { key: "kyc/anyone", "Content-Type": "image/jpeg" }, { bytes: "x" });
    expect(anonymous.status).toBe(403);
    expect(errorCode(anonymous.text)).toBe("AccessDenied");
    const json = await fetch(url, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(json.status).toBe(412);
    expect(await head("kyc/anyone")).toBe("NotFound");
  });
});

describe("CORS for the web app", () => {
  it("lets the web origin read the answer of its form POST, refusals included", async () => {
    const { url, fields } = await presign(newKey());
    const ok = await postForm(url, fields, { bytes: "x", type: "image/jpeg" }, { origin: WEB_ORIGIN });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(WEB_ORIGIN);
    const refused = await postForm(url, fields, { bytes: "xx", type: "text/html" }, { origin: WEB_ORIGIN });
    expect(refused.headers.get("access-control-allow-origin")).toBe(WEB_ORIGIN);
    const stranger = await postForm(
      url,
      fields,
      { bytes: "x", type: "image/jpeg" },
      { origin: "https://evil.example" },
    );
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers the preflight of an upload with progress events for the web origin only", async () => {
    const preflight = (origin: string) =>
      fetch(`${h.endpoint}/${BUCKET}`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "x-requested-with",
        },
      });
    const allowed = await preflight(WEB_ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(WEB_ORIGIN);
    expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(allowed.headers.get("access-control-allow-headers")).toBe("x-requested-with");
    const refused = await preflight("https://evil.example");
    expect(refused.status).toBe(403);
    expect(errorCode(await refused.text())).toBe("AccessForbidden");
  });
});
