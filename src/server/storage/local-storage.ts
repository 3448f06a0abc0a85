import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import {
  type Bucket,
  contentTypeOf,
  exactLength,
  type FileStorage,
  isSafeKey,
  toWebStream,
} from "./storage.ts";

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
    async putStream(bucket, key, body, _contentType, size) {
      const file = fileOf(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await pipeline(
          Readable.fromWeb(exactLength(body, size) as NodeWebStream<Uint8Array>),
          createWriteStream(temporary),
        );
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async stat(bucket, key) {
      if (!isSafeKey(key)) return null;
      const info = await stat(fileOf(bucket, key)).catch(() => null);
      return info?.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
    },
    async getRange(bucket, key, range) {
      if (!isSafeKey(key)) return null;
      const file = fileOf(bucket, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: toWebStream(createReadStream(file, { start: range.start, end: range.end })),
        contentType: contentTypeOf(key),
        size: range.end - range.start + 1,
      };
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
