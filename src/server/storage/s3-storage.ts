import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { BUCKET_CACHE_CONTROL, type FileStorage, isSafeKey } from "./storage.ts";

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * Any S3-compatible bucket (AWS, MinIO, R2...). Our buckets become key prefixes in the one
 * configured bucket; files are still served through /storage so URLs never change with the driver.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Newer SDKs add checksums many S3-compatible servers do not understand; send them only
    // where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;

  return {
    kind: "s3",
    async put(bucket, key, body, contentType) {
      if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: `${bucket}/${key}`,
          Body: body,
          ContentType: contentType,
          CacheControl: BUCKET_CACHE_CONTROL[bucket],
        }),
      );
    },
    async get(bucket, key) {
      if (!isSafeKey(key)) return null;
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: `${bucket}/${key}` }));
        if (!result.Body) return null;
        return {
          body: result.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: result.ContentType ?? "application/octet-stream",
          size: result.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(bucket, key) {
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${bucket}/${key}` }));
    },
  };
}
