import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { BUCKET_CACHE_CONTROL, exactLength, type FileStorage, isSafeKey } from "./storage.ts";

/** A missing object: null instead of an error. */
function missing(error: unknown): null {
  if (error instanceof NoSuchKey || error instanceof NotFound) return null;
  if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
  throw error;
}

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
    async putStream(bucket, key, body, contentType, size) {
      if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
      // One PUT with the declared length: the SDK streams the body (no multipart needed up to
      // 5 GB, S3's single-PUT limit, far above VIDEO_MAX_BYTES).
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: `${bucket}/${key}`,
          Body: Readable.fromWeb(exactLength(body, size) as NodeWebStream<Uint8Array>),
          ContentLength: size,
          ContentType: contentType,
          CacheControl: BUCKET_CACHE_CONTROL[bucket],
        }),
      );
    },
    async stat(bucket, key) {
      if (!isSafeKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: `${bucket}/${key}` }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        return missing(error);
      }
    },
    async getRange(bucket, key, range) {
      if (!isSafeKey(key)) return null;
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: `${bucket}/${key}`,
            Range: `bytes=${range.start}-${range.end}`,
          }),
        );
        if (!result.Body) return null;
        return {
          body: result.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: result.ContentType ?? "application/octet-stream",
          size: result.ContentLength ?? range.end - range.start + 1,
        };
      } catch (error) {
        return missing(error);
      }
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
