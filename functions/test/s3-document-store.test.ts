import { randomBytes } from "node:crypto";
import { KYC_UPLOAD_MAX_BYTES } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import {
  attachment,
  createS3DocumentStore,
  documentStoreSettings,
} from "../src/adapters/documents/s3-document-store.js";
import type { DocumentStore } from "../src/kernel/documents-port.js";

/**
 * The document store adapter against the suite's S3-compatible server (global-setup.ts), through the real SDK: what
 * it presigns is what S3 holds a browser's upload to, and what it reads back is what was stored.
 */
const store: DocumentStore = createS3DocumentStore(documentStoreSettings());
const newKey = (document = "id-front") => `kyc/${randomBytes(6).toString("hex")}/attempt-1/${document}`;

async function upload(
  form: { url: string; fields: Record<string, string> },
  bytes: Uint8Array<ArrayBuffer> | string,
  type: string,
  fields: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...fields })) body.append(name, value);
  body.append("file", new Blob([bytes], { type }), "photo");
  const response = await fetch(form.url, { method: "POST", body });
  return { status: response.status, text: await response.text() };
}

describe("the S3 document store", () => {
  it("presigns a POST whose policy fixes the bucket, the key, the content type and 1 byte to the limit", async () => {
    const key = newKey();
    const form = await store.presignUpload({ key, contentType: "image/png", maxBytes: 1000, expiresSeconds: 600 });
    const { bucket, endpoint } = documentStoreSettings();
    expect(form.url).toBe(`${endpoint}/${bucket}`);
    expect(form.fields).toMatchObject({ key, "Content-Type": "image/png" });
    const policy = JSON.parse(Buffer.from(form.fields.Policy ?? "", "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket },
        ["eq", "$key", key],
        ["eq", "$Content-Type", "image/png"],
        ["content-length-range", 1, 1000],
      ]),
    );
    const lifetime = new Date(policy.expiration).valueOf() - Date.now();
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThanOrEqual(600_000);
  });

  it("lets the browser upload what was presigned, then describes it and links to it", async () => {
    const key = newKey();
    const form = await store.presignUpload({
      key,
      contentType: "image/jpeg",
      maxBytes: KYC_UPLOAD_MAX_BYTES,
      expiresSeconds: 600,
    });
    expect(await store.describe(key)).toBeUndefined();
    expect((await upload(form, "\xff\xd8 a photo", "image/jpeg")).status).toBe(204);
    expect(await store.describe(key)).toEqual({
      sizeBytes: Buffer.byteLength("\xff\xd8 a photo"),
      contentType: "image/jpeg",
    });

    const view = await store.presignView(key, { expiresSeconds: 300 });
    expect(new URL(view).searchParams.get("X-Amz-Expires")).toBe("300");
    const shown = await fetch(view);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/jpeg");
    expect(shown.headers.get("content-disposition")).toBeNull();
    expect(await shown.text()).toBe("\xff\xd8 a photo");

    const download = await fetch(await store.presignView(key, { expiresSeconds: 300, fileName: "ID front é.jpg" }));
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="ID front _.jpg"; filename*=UTF-8''ID%20front%20%C3%A9.jpg`,
    );
  });

  it("gets a wrong content type, an oversize file and an empty one refused by the store, nothing stored", async () => {
    const key = newKey("selfie");
    const form = await store.presignUpload({ key, contentType: "image/jpeg", maxBytes: 1024, expiresSeconds: 600 });
    const html = await upload(form, "<html>", "text/html", { "Content-Type": "text/html" });
    expect(html.status).toBe(403);
    expect(html.text).toContain("<Code>AccessDenied</Code>");
    const large = await upload(form, new Uint8Array(1025), "image/jpeg");
    expect(large.status).toBe(400);
    expect(large.text).toContain("<Code>EntityTooLarge</Code>");
    const empty = await upload(form, "", "image/jpeg");
    expect(empty.text).toContain("<Code>EntityTooSmall</Code>");
    const elsewhere = await upload(form, "x", "image/jpeg", { key: newKey("selfie") });
    expect(elsewhere.status).toBe(403);
    expect(await store.describe(key)).toBeUndefined();
    expect((await upload(form, new Uint8Array(1024), "image/jpeg")).status).toBe(204);
    expect(await store.describe(key)).toEqual({ sizeBytes: 1024, contentType: "image/jpeg" });
  });

  it("reads its settings from the configuration: the bucket required, the endpoint only when set", () => {
    expect(
      documentStoreSettings({
        DOCUMENTS_BUCKET: "docs-prod",
        DOCUMENTS_S3_ENDPOINT: undefined,
        AWS_REGION: "af-south-1",
      }),
    ).toEqual({ bucket: "docs-prod", region: "af-south-1" });
    expect(() =>
      documentStoreSettings({
        DOCUMENTS_BUCKET: undefined,
        DOCUMENTS_S3_ENDPOINT: undefined,
        AWS_REGION: "af-south-1",
      }),
    ).toThrow("Invalid configuration: set DOCUMENTS_BUCKET");
    expect(attachment('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
  });
});
