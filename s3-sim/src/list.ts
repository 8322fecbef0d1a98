import { S3Error, xmlElements } from "./errors.js";
import type { ObjectStore } from "./store.js";

/** ListObjectsV2: `prefix`, `delimiter` (common prefixes), `max-keys`, `start-after` and `continuation-token`. */
export async function listObjectsV2(store: ObjectStore, bucket: string, query: Map<string, string>): Promise<string> {
  const prefix = query.get("prefix") ?? "";
  const delimiter = query.get("delimiter") ?? "";
  const maxKeys = Number(query.get("max-keys") ?? 1000);
  if (!Number.isInteger(maxKeys) || maxKeys < 0) {
    throw new S3Error(400, "InvalidArgument", "Provided max-keys not an integer or within integer range", {
      ArgumentName: "max-keys",
      ArgumentValue: query.get("max-keys") ?? "",
    });
  }
  const token = query.get("continuation-token");
  const after =
    token !== undefined ? Buffer.from(token, "base64url").toString("utf8") : (query.get("start-after") ?? "");
  const entries: ({ kind: "object"; key: string; xml: string } | { kind: "prefix"; key: string })[] = [];
  for (const info of await store.list(bucket)) {
    if (!info.key.startsWith(prefix) || info.key <= after) continue;
    const cut = delimiter ? info.key.indexOf(delimiter, prefix.length) : -1;
    if (cut !== -1) {
      const common = info.key.slice(0, cut + delimiter.length);
      if (common <= after) continue;
      if (entries.at(-1)?.key !== common) entries.push({ kind: "prefix", key: common });
      continue;
    }
    const xml = xmlElements({
      Key: info.key,
      LastModified: new Date(info.lastModified).toISOString(),
      ETag: `"${info.md5}"`,
      Size: info.size,
      StorageClass: "STANDARD",
    });
    entries.push({ kind: "object", key: info.key, xml });
  }
  const page = entries.slice(0, maxKeys);
  const truncated = entries.length > page.length;
  const last = page.at(-1);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${xmlElements(
    {
      Name: bucket,
      Prefix: prefix,
      ...(delimiter ? { Delimiter: delimiter } : {}),
      MaxKeys: maxKeys,
      KeyCount: page.length,
      IsTruncated: String(truncated),
      ...(token !== undefined ? { ContinuationToken: token } : {}),
      ...(truncated && last ? { NextContinuationToken: Buffer.from(last.key, "utf8").toString("base64url") } : {}),
    },
  )}${page
    .map((entry) =>
      entry.kind === "object"
        ? `<Contents>${entry.xml}</Contents>`
        : `<CommonPrefixes>${xmlElements({ Prefix: entry.key })}</CommonPrefixes>`,
    )
    .join("")}</ListBucketResult>`;
}
