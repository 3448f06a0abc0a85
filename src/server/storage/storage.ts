import { Readable } from "node:stream";

/**
 * The buckets of the spec, quiz PDFs and the site's logo; each is a folder (local) or a key prefix
 * (S3).
 */
export const BUCKETS = [
  "profile_photos",
  "news_images",
  "quiz_pdfs",
  "site_logos",
  "answer_copies",
  "study_files",
  "video_posters",
  "certificates",
  // Discussion posts' images (decision 064): served by /api/discussion-posts/{id}/image after the
  // key gate, never from /storage (a post may show a question's answer).
  "discussion_images",
] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * Buckets anyone may read at /storage/{bucket}/{key}. Quiz PDFs are not among them: a premium
 * quiz's PDF is served only through /api/quizzes/{id}/pdf, after the entitlement check; nor are
 * students' answer copies, served only to the student, the mentor evaluating them and admins
 * (/api/answer-copies/files/{id}); nor disability certificates, served only to their student and
 * admins (/api/accommodations/{id}/certificate).
 */
export const PUBLIC_BUCKETS: readonly Bucket[] = [
  "profile_photos",
  "news_images",
  "site_logos",
  // Video posters are shown on locked cards too, like a news image: not premium material.
  "video_posters",
];

/** Spec: profile photos are cached for 3600 s; news image and logo names are never reused. */
export const BUCKET_CACHE_CONTROL: Record<Bucket, string> = {
  profile_photos: "public, max-age=3600",
  news_images: "public, max-age=31536000, immutable",
  quiz_pdfs: "private, max-age=300",
  site_logos: "public, max-age=31536000, immutable",
  answer_copies: "private, no-store",
  // Notes' PDFs and lesson videos: served by /api/notes/{id}/pdf and /api/videos/{id}/file after
  // the access check, never from /storage.
  study_files: "private, no-store",
  video_posters: "public, max-age=31536000, immutable",
  certificates: "private, no-store",
  discussion_images: "private, no-store",
};

export type StoredFile = {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size?: number;
};

/** Bytes `start` to `end` of a stored file, both included (an HTTP byte range, resolved). */
export type ByteRange = { start: number; end: number };

/** One interface, two drivers (local disk, S3-compatible). Keys are always chosen by the server. */
export type FileStorage = {
  kind: "local" | "s3";
  put: (bucket: Bucket, key: string, body: Buffer, contentType: string) => Promise<void>;
  /**
   * Stores a body as it arrives, never holding it whole in memory (video uploads, decision 043).
   * `size` is its length in bytes; a body that ends before or runs past it is refused and
   * nothing is stored.
   */
  putStream: (
    bucket: Bucket,
    key: string,
    body: ReadableStream<Uint8Array>,
    contentType: string,
    size: number,
  ) => Promise<void>;
  get: (bucket: Bucket, key: string) => Promise<StoredFile | null>;
  /** Size and type of a stored file without reading it (to resolve a Range header first). */
  stat: (bucket: Bucket, key: string) => Promise<{ size: number; contentType: string } | null>;
  /** Part of a stored file (`size` is the part's length); null when the file is missing. */
  getRange: (bucket: Bucket, key: string, range: ByteRange) => Promise<StoredFile | null>;
  delete: (bucket: Bucket, key: string) => Promise<void>;
};

/**
 * Passes a body through while counting it: refuses it (the stream errors) as soon as it runs
 * past `size`, or when it ends short of it.
 */
export function exactLength(
  body: ReadableStream<Uint8Array>,
  size: number,
): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > size) throw new Error(`body longer than its declared ${size} bytes`);
        controller.enqueue(chunk);
      },
      flush() {
        if (seen !== size) throw new Error(`body ended at ${seen} of ${size} bytes`);
      },
    }),
  );
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** A key is one or two safe path segments: no "..", no leading dots, no slashes of its own. */
export function isSafeKey(key: string): boolean {
  const parts = key.split("/");
  return parts.length >= 1 && parts.length <= 2 && parts.every((p) => SEGMENT.test(p));
}

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

/** The URL a stored file is served at (same origin, so the CSP's img-src 'self' covers it). */
export function publicPathOf(bucket: Bucket, key: string): string {
  return `/storage/${bucket}/${key}`;
}

/** The key of one of our own /storage/{bucket}/ URLs, or null for anything else. */
export function keyFromPublicPath(bucket: Bucket, url: string | null | undefined): string | null {
  const prefix = `/storage/${bucket}/`;
  if (!url?.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return isSafeKey(key) ? key : null;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  pdf: "application/pdf",
  mp4: "video/mp4",
  webm: "video/webm",
};

/** Content type from the extension the server itself chose from the file's content. */
export function contentTypeOf(key: string): string {
  const extension = key.split(".").pop()?.toLowerCase() ?? "";
  return TYPES_BY_EXTENSION[extension] ?? "application/octet-stream";
}

export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
