import { type Config, config } from "../../kernel/config.js";
import type { DocumentStore } from "../../kernel/documents-port.js";

/**
 * Identity documents on S3 (design.md §13.5), through the AWS SDK: uploads by presigned POST whose policy fixes the
 * key, the content type and the size, so S3 itself refuses anything else; the stored object's size and type by
 * HeadObject; views by presigned GET. Locally the same calls go to the S3-compatible server `npm start` runs
 * (s3-sim/), path-style. The SDK is loaded on the first call, so a bundle that never presigns does not load it.
 */
export interface S3DocumentSettings {
  bucket: string;
  region: string;
  /** Locally: the S3-compatible server's URL, which the browser posts to as well. Unset in AWS. */
  endpoint?: string;
}

/** The settings from the configuration; a clear error when the bucket is not set. */
export function documentStoreSettings(
  env: Pick<Config, "DOCUMENTS_BUCKET" | "DOCUMENTS_S3_ENDPOINT" | "AWS_REGION"> = config(),
): S3DocumentSettings {
  if (!env.DOCUMENTS_BUCKET) throw new Error("Invalid configuration: set DOCUMENTS_BUCKET");
  return {
    bucket: env.DOCUMENTS_BUCKET,
    region: env.AWS_REGION,
    ...(env.DOCUMENTS_S3_ENDPOINT ? { endpoint: env.DOCUMENTS_S3_ENDPOINT } : {}),
  };
}

/** The keys the local server accepts (as DynamoDB Local's `local` pair); in AWS the function role's credentials. */
const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" };

async function loadSdk(settings: S3DocumentSettings) {
  const [s3, post, presigner] = await Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/s3-presigned-post"),
    import("@aws-sdk/s3-request-presigner"),
  ]);
  const client = new s3.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS } : {}),
  });
  return { s3, client, createPresignedPost: post.createPresignedPost, getSignedUrl: presigner.getSignedUrl };
}

export function createS3DocumentStore(settings: S3DocumentSettings): DocumentStore {
  let sdk: ReturnType<typeof loadSdk> | undefined;
  const load = () => {
    sdk ??= loadSdk(settings);
    sdk.catch(() => {
      sdk = undefined;
    });
    return sdk;
  };
  const Bucket = settings.bucket;
  return {
    async presignUpload({ key, contentType, maxBytes, expiresSeconds }) {
      const { client, createPresignedPost } = await load();
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          { bucket: Bucket },
          ["eq", "$key", key],
          ["eq", "$Content-Type", contentType],
          ["content-length-range", 1, maxBytes],
        ],
        Fields: { "Content-Type": contentType },
        Expires: expiresSeconds,
      });
      return { url, fields };
    },

    async describe(key) {
      const { s3, client } = await load();
      try {
        const found = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return { sizeBytes: found.ContentLength ?? 0, contentType: found.ContentType ?? "binary/octet-stream" };
      } catch (error) {
        const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        // S3 answers a missing key with 403, not 404, to a role without s3:ListBucket, which the documents' roles
        // never get (they may read their keys, not list them): for a key the module itself named, both mean "none".
        const status = $metadata?.httpStatusCode;
        if (name === "NotFound" || name === "NoSuchKey" || status === 404 || status === 403) return undefined;
        throw error;
      }
    },

    async presignView(key, { expiresSeconds, fileName }) {
      const { s3, client, getSignedUrl } = await load();
      return getSignedUrl(
        client,
        new s3.GetObjectCommand({
          Bucket,
          Key: key,
          ...(fileName ? { ResponseContentDisposition: attachment(fileName) } : {}),
        }),
        { expiresIn: expiresSeconds },
      );
    },
  };
}

/** `attachment` with the name: a plain-ASCII `filename` for old clients, the exact one as RFC 5987 `filename*`. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
