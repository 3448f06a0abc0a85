import type { Env } from "../env.ts";
import { dataPaths } from "../lib/data-dir.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { FileStorage } from "./storage.ts";

/** S3 when S3_BUCKET is set, otherwise the local disk under DATA_DIR/storage. */
export function createStorageFromEnv(env: Env): FileStorage {
  if (env.S3_BUCKET) {
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      throw new Error(
        "Invalid configuration:\n  S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
      );
    }
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(dataPaths(env.dataDir).storage);
}
