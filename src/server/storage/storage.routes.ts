import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import {
  BUCKET_CACHE_CONTROL,
  type FileStorage,
  isBucket,
  isSafeKey,
  PUBLIC_BUCKETS,
} from "./storage.ts";

/** GET /storage/{bucket}/{key}: stored files with their type, nosniff and the bucket's caching. */
export function createStorageRoutes(storage: FileStorage) {
  return new Hono<AppEnv>().get("/:bucket/:key{.+}", async (c) => {
    const bucket = c.req.param("bucket");
    const key = c.req.param("key");
    if (!isBucket(bucket) || !PUBLIC_BUCKETS.includes(bucket) || !isSafeKey(key)) {
      return c.text("Not found", 404);
    }
    const file = await storage.get(bucket, key);
    if (!file) return c.text("Not found", 404);
    const headers: Record<string, string> = {
      "Content-Type": file.contentType,
      "Cache-Control": BUCKET_CACHE_CONTROL[bucket],
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      // The strict Content-Security-Policy for stored files comes from lib/security-headers.ts.
    };
    if (file.size !== undefined) headers["Content-Length"] = String(file.size);
    return c.body(file.body, 200, headers);
  });
}
