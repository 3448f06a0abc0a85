import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  type adminLibraryQuerySchema,
  LIBRARY_MESSAGES,
  parseVideoEmbed,
  VIDEO_KINDS,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
  type VideoData,
  type VideoMime,
  videoEmbedUrl,
} from "../../../shared/library.ts";
import { pageOf } from "../../../shared/page.ts";
import type { ImageRules } from "../../../shared/uploads.ts";
import type { Db } from "../../db/client.ts";
import { videoLessons } from "../../db/schema/library.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { checkFile } from "../../files/file-pool.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { readImageUpload } from "../../storage/image-upload.ts";
import { type FileStorage, publicPathOf } from "../../storage/storage.ts";
import { checkTaxonomy } from "../subjects/taxonomy-check.ts";
import { videoFilePath } from "./videos.ts";

/** Posters: JPEG, PNG or WebP up to 5 MB (what every browser shows as a <video> poster). */
export const POSTER_RULES: ImageRules = {
  maxBytes: 5 * 1024 * 1024,
  types: ["image/jpeg", "image/png", "image/webp"],
  tooLarge: LIBRARY_MESSAGES.posterTooLarge,
  wrongType: LIBRARY_MESSAGES.posterType,
};

type VideoRow = typeof videoLessons.$inferSelect;

function adminView(row: VideoRow & { subjectName?: string | null; topicName?: string | null }) {
  const { fileKey, posterKey, embedId, ...rest } = row;
  return {
    ...rest,
    hasFile: fileKey !== null,
    fileUrl: fileKey ? videoFilePath(row.id) : null,
    posterUrl: posterKey ? publicPathOf("video_posters", posterKey) : null,
    embedUrl: embedId && rest.source !== "upload" ? videoEmbedUrl(rest.source, embedId) : null,
  };
}

export async function listVideosForAdmin(db: Db, query: z.output<typeof adminLibraryQuerySchema>) {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(videoLessons.title, pattern), ilike(videoLessons.titleHi, pattern)));
  }
  const kind = VIDEO_KINDS.find((k) => k === query.kind);
  if (kind) conditions.push(eq(videoLessons.kind, kind));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ video: videoLessons, subjectName: subjects.name, topicName: topics.name })
      .from(videoLessons)
      .leftJoin(subjects, eq(subjects.id, videoLessons.subjectId))
      .leftJoin(topics, eq(topics.id, videoLessons.topicId))
      .where(where)
      .orderBy(desc(videoLessons.createdAt), desc(videoLessons.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(videoLessons).where(where),
  ]);
  return pageOf(
    rows.map((r) => adminView({ ...r.video, subjectName: r.subjectName, topicName: r.topicName })),
    total,
    query,
  );
}

async function findVideo(db: Db, id: string) {
  const [row] = await db.select().from(videoLessons).where(eq(videoLessons.id, id));
  if (!row) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  return row;
}

export async function getVideoForAdmin(db: Db, id: string) {
  return adminView(await findVideo(db, id));
}

function videoColumns(input: VideoData) {
  const embed = input.source === "embed" && input.embedUrl ? parseVideoEmbed(input.embedUrl) : null;
  if (input.source === "embed" && !embed) {
    throw new AppError("VALIDATION_FAILED", LIBRARY_MESSAGES.embedUrl);
  }
  return {
    kind: input.kind,
    title: input.title,
    titleHi: input.titleHi,
    description: input.description,
    descriptionHi: input.descriptionHi,
    subjectId: input.subjectId,
    topicId: input.subjectId ? input.topicId : null,
    isFree: input.isFree,
    publishedAt: input.publishedAt ? new Date(input.publishedAt) : null,
    source: embed ? embed.source : ("upload" as const),
    embedId: embed ? embed.id : null,
    durationSeconds: input.durationSeconds,
  };
}

export type CreateVideoInput = {
  input: VideoData;
  adminId: string;
  now: Date;
};

export async function createVideo(db: Db, { input, adminId, now }: CreateVideoInput) {
  const columns = videoColumns(input);
  await checkTaxonomy(db, columns);
  const [row] = await db
    .insert(videoLessons)
    .values({ ...columns, createdBy: adminId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new AppError("INTERNAL", LIBRARY_MESSAGES.videoNotFound);
  return adminView(row);
}

export type UpdateVideoInput = {
  storage: FileStorage;
  id: string;
  input: VideoData;
  now: Date;
};

/** Saves the lesson; turning an upload into an embed deletes its stored file. */
export async function updateVideo(db: Db, { storage, id, input, now }: UpdateVideoInput) {
  const before = await findVideo(db, id);
  const columns = videoColumns(input);
  await checkTaxonomy(db, columns);
  const dropsFile = columns.source !== "upload" && before.fileKey !== null;
  const [row] = await db
    .update(videoLessons)
    .set({
      ...columns,
      ...(dropsFile ? { fileKey: null, fileType: null, fileBytes: null } : {}),
      updatedAt: now,
    })
    .where(eq(videoLessons.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  if (dropsFile && before.fileKey) await storage.delete("study_files", before.fileKey);
  return adminView(row);
}

export type DeleteVideoInput = {
  storage: FileStorage;
  id: string;
};

/** Deletes a lesson, its progress rows (cascade), its file and its poster. */
export async function deleteVideo(db: Db, { storage, id }: DeleteVideoInput) {
  const [row] = await db
    .delete(videoLessons)
    .where(eq(videoLessons.id, id))
    .returning({ fileKey: videoLessons.fileKey, posterKey: videoLessons.posterKey });
  if (!row) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  if (row.fileKey) await storage.delete("study_files", row.fileKey);
  if (row.posterKey) await storage.delete("video_posters", row.posterKey);
  return { id };
}

/** Enough of a file's start for file-type to recognise MP4 ("ftyp") and WebM (EBML DocType). */
const SNIFF_BYTES = 4100;

/**
 * Reads the start of a streamed body for its type, and gives back a stream of the whole body
 * (that start, then the rest as it arrives).
 */
async function sniff(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    length += next.value.byteLength;
  }
  const start = Buffer.concat(head);
  const detected = await checkFile("detect", start);
  const whole = new ReadableStream<Uint8Array>({
    start(controller) {
      if (start.byteLength > 0) controller.enqueue(new Uint8Array(start));
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { mime: detected ?? undefined, whole, cancel: () => reader.cancel() };
}

export type UploadVideoFileInput = {
  storage: FileStorage;
  id: string;
  body: ReadableStream<Uint8Array> | null;
  contentLength: string | undefined;
  now: Date;
};

/**
 * An uploaded lesson's file (PUT, the raw bytes as the body, so nothing is parsed or held in
 * memory): at most VIDEO_MAX_BYTES (declared by Content-Length, which is required so the S3
 * driver can stream it in one PUT), MP4 or WebM by its first bytes, streamed to storage under a
 * new key; the row then points at it and the previous file is deleted.
 */
export async function uploadVideoFile(db: Db, { storage, ...input }: UploadVideoFileInput) {
  const before = await findVideo(db, input.id);
  if (before.source !== "upload") throw new AppError("CONFLICT", LIBRARY_MESSAGES.notUploadVideo);
  const size = Number(input.contentLength);
  if (!input.contentLength || !Number.isInteger(size) || size < 0) {
    throw new AppError("BAD_REQUEST", LIBRARY_MESSAGES.lengthRequired);
  }
  if (size > VIDEO_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", LIBRARY_MESSAGES.videoTooLarge);
  if (!input.body || size === 0) throw new AppError("VALIDATION_FAILED", LIBRARY_MESSAGES.notVideo);
  const { mime, whole, cancel } = await sniff(input.body);
  if (!mime || !(mime in VIDEO_TYPES)) {
    await cancel().catch(() => undefined);
    throw new AppError("VALIDATION_FAILED", LIBRARY_MESSAGES.notVideo);
  }
  const type = mime as VideoMime;
  const key = `${input.id}/${randomUUID()}.${VIDEO_TYPES[type]}`;
  try {
    await storage.putStream("study_files", key, whole, type, size);
  } catch {
    await storage.delete("study_files", key).catch(() => undefined);
    throw new AppError("BAD_REQUEST", LIBRARY_MESSAGES.uploadIncomplete);
  }
  const [row] = await db
    .update(videoLessons)
    .set({ fileKey: key, fileType: type, fileBytes: size, updatedAt: input.now })
    .where(and(eq(videoLessons.id, input.id), eq(videoLessons.source, "upload")))
    .returning();
  if (!row) {
    await storage.delete("study_files", key);
    throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  }
  if (before.fileKey && before.fileKey !== key) await storage.delete("study_files", before.fileKey);
  return adminView(row);
}

export type UploadVideoPosterInput = {
  storage: FileStorage;
  id: string;
  file: unknown;
  now: Date;
};

/** The lesson's poster (JPEG, PNG or WebP by its bytes), in the public posters bucket. */
export async function uploadVideoPoster(db: Db, { storage, ...input }: UploadVideoPosterInput) {
  const before = await findVideo(db, input.id);
  const image = await readImageUpload(input.file, POSTER_RULES);
  const key = `${input.id}-${randomUUID()}.${image.extension}`;
  await storage.put("video_posters", key, image.bytes, image.mime);
  const [row] = await db
    .update(videoLessons)
    .set({ posterKey: key, updatedAt: input.now })
    .where(eq(videoLessons.id, input.id))
    .returning();
  if (!row) {
    await storage.delete("video_posters", key);
    throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  }
  if (before.posterKey) await storage.delete("video_posters", before.posterKey);
  return adminView(row);
}

export type DeleteVideoPosterInput = {
  storage: FileStorage;
  id: string;
  now: Date;
};

export async function deleteVideoPoster(db: Db, { storage, id, now }: DeleteVideoPosterInput) {
  const before = await findVideo(db, id);
  const [row] = await db
    .update(videoLessons)
    .set({ posterKey: null, updatedAt: now })
    .where(eq(videoLessons.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  if (before.posterKey) await storage.delete("video_posters", before.posterKey);
  return adminView(row);
}
