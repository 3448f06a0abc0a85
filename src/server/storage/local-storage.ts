import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Bucket, contentTypeOf, type FileStorage, isSafeKey, toWebStream } from "./storage.ts";

/** Files under `root/{bucket}/{key}` (DATA_DIR/storage by default). */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);

  function fileOf(bucket: Bucket, key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const file = path.resolve(base, bucket, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return file;
  }

  return {
    kind: "local",
    async put(bucket, key, body) {
      const file = fileOf(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(bucket, key) {
      if (!isSafeKey(key)) return null;
      const file = fileOf(bucket, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: toWebStream(createReadStream(file)),
        contentType: contentTypeOf(key),
        size: info.size,
      };
    },
    async delete(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },
  };
}
