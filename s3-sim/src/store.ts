import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, type ReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** What is kept beside each object's bytes. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** The MD5 of the bytes, hex (S3's ETag of a single-part upload, without its quotes). */
  md5: string;
  lastModified: string;
  /** Headers stored with the object and sent back on GET and HEAD (Content-Disposition, x-amz-meta-*…). */
  headers: Record<string, string>;
}

/**
 * Objects on disk: `<root>/<bucket>/<sha256 of the key>` holds the bytes and `….json` what S3 keeps with them, so any
 * key (slashes, dots, 1024 characters) maps to one safe file name. Written to a temporary name, then renamed.
 */
export class ObjectStore {
  private readonly buckets = new Set<string>();

  constructor(readonly root: string) {}

  async ensureBucket(bucket: string): Promise<void> {
    await mkdir(join(this.root, bucket), { recursive: true });
    this.buckets.add(bucket);
  }

  hasBucket(bucket: string): boolean {
    return this.buckets.has(bucket);
  }

  private file(bucket: string, key: string): string {
    return join(this.root, bucket, createHash("sha256").update(key, "utf8").digest("hex"));
  }

  async put(bucket: string, key: string, body: Buffer, meta: Pick<ObjectInfo, "contentType" | "headers">) {
    const info: ObjectInfo = {
      key,
      size: body.length,
      contentType: meta.contentType,
      md5: createHash("md5").update(body).digest("hex"),
      lastModified: new Date().toUTCString(),
      headers: meta.headers,
    };
    const file = this.file(bucket, key);
    const temporary = `${file}.${randomBytes(6).toString("hex")}.part`;
    await writeFile(temporary, body);
    await writeFile(`${temporary}.json`, JSON.stringify(info));
    await rename(temporary, file);
    await rename(`${temporary}.json`, `${file}.json`);
    return info;
  }

  async head(bucket: string, key: string): Promise<ObjectInfo | undefined> {
    try {
      return JSON.parse(await readFile(`${this.file(bucket, key)}.json`, "utf8")) as ObjectInfo;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  read(bucket: string, key: string): ReadStream {
    return createReadStream(this.file(bucket, key));
  }

  async delete(bucket: string, key: string): Promise<void> {
    const file = this.file(bucket, key);
    await rm(`${file}.json`, { force: true });
    await rm(file, { force: true });
  }

  /** Every object of the bucket, by key. */
  async list(bucket: string): Promise<ObjectInfo[]> {
    const dir = join(this.root, bucket);
    if (!existsSync(dir)) return [];
    const names = (await readdir(dir)).filter((name) => /^[0-9a-f]{64}\.json$/.test(name));
    const infos = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(join(dir, name), "utf8")) as ObjectInfo),
    );
    return infos.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
