import { and, asc, count, desc, eq, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  LIBRARY_MESSAGES,
  VIDEO_COMPLETE_SHARE,
  VIDEO_REPORT_MAX_SECONDS,
  type VideoProgressInput,
  videoEmbedUrl,
  type videoListQuerySchema,
} from "../../../shared/library.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { videoLessons, videoProgress } from "../../db/schema/library.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { publicPathOf } from "../../storage/storage.ts";
import {
  assertCanOpenStudyItem,
  loadStudyAccess,
  PLANS_PATH,
} from "../entitlements/entitlement.ts";
import { addStudySeconds, studyDay } from "./study-activity.ts";

type StudyViewer = Pick<Viewer, "userId" | "role">;

/** What students see: published by now, and an upload only once its file is there. */
export function videoIsVisible(now: Date): SQL {
  return and(
    isNotNull(videoLessons.publishedAt),
    lte(videoLessons.publishedAt, now),
    or(sql`${videoLessons.source} <> 'upload'`, isNotNull(videoLessons.fileKey)),
  ) as SQL;
}

/** Where an uploaded lesson's file is served (ranges, after the access check). */
export const videoFilePath = (videoId: string) => `/api/videos/${videoId}/file`;

const columns = (userId: string) => ({
  id: videoLessons.id,
  kind: videoLessons.kind,
  title: videoLessons.title,
  titleHi: videoLessons.titleHi,
  description: videoLessons.description,
  descriptionHi: videoLessons.descriptionHi,
  subjectId: videoLessons.subjectId,
  subjectName: subjects.name,
  topicId: videoLessons.topicId,
  topicName: topics.name,
  isFree: videoLessons.isFree,
  source: videoLessons.source,
  posterKey: videoLessons.posterKey,
  durationSeconds: videoLessons.durationSeconds,
  publishedAt: videoLessons.publishedAt,
  positionSeconds: sql<
    number | null
  >`(select ${videoProgress.positionSeconds} from ${videoProgress} where ${videoProgress.videoId} = ${videoLessons.id} and ${videoProgress.userId} = ${userId})`,
  completed: sql<boolean>`coalesce((select ${videoProgress.completed} from ${videoProgress} where ${videoProgress.videoId} = ${videoLessons.id} and ${videoProgress.userId} = ${userId}), false)`,
});

type Row = Awaited<ReturnType<typeof selectVideos>>[number];
function selectVideos(db: DbOrTx, userId: string) {
  return db
    .select(columns(userId))
    .from(videoLessons)
    .leftJoin(subjects, eq(subjects.id, videoLessons.subjectId))
    .leftJoin(topics, eq(topics.id, videoLessons.topicId));
}

function card(row: Row, locked: boolean) {
  const { posterKey, ...rest } = row;
  return {
    ...rest,
    positionSeconds: rest.positionSeconds === null ? null : Number(rest.positionSeconds),
    posterUrl: posterKey ? publicPathOf("video_posters", posterKey) : null,
    locked,
  };
}

export type ListVideosInput = {
  viewer: StudyViewer;
  query: z.output<typeof videoListQuerySchema>;
  now: Date;
};

/** Current-affairs videos, or a subject's (and topic's) lessons, newest first. */
export async function listVideos(db: Db, { viewer, query, now }: ListVideosInput) {
  const conditions: (SQL | undefined)[] = [videoIsVisible(now)];
  if (query.kind) conditions.push(eq(videoLessons.kind, query.kind));
  if (query.subjectId) conditions.push(eq(videoLessons.subjectId, query.subjectId));
  if (query.topicId) conditions.push(eq(videoLessons.topicId, query.topicId));
  const where = and(...conditions);
  const [rows, [total], canOpen] = await Promise.all([
    selectVideos(db, viewer.userId)
      .where(where)
      .orderBy(desc(videoLessons.publishedAt), asc(videoLessons.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(videoLessons).where(where),
    loadStudyAccess(db, { viewer, now }),
  ]);
  return pageOf(
    rows.map((row) => card(row, !canOpen(row))),
    total,
    query,
  );
}

async function findVisibleVideo(db: DbOrTx, viewer: StudyViewer, videoId: string, now: Date) {
  const [row] = await db
    .select({
      ...columns(viewer.userId),
      embedId: videoLessons.embedId,
      fileKey: videoLessons.fileKey,
      fileType: videoLessons.fileType,
      visible: sql<boolean>`${videoIsVisible(now)}`,
    })
    .from(videoLessons)
    .leftJoin(subjects, eq(subjects.id, videoLessons.subjectId))
    .leftJoin(topics, eq(topics.id, videoLessons.topicId))
    .where(eq(videoLessons.id, videoId));
  if (!row || (!row.visible && viewer.role !== "admin")) {
    throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  }
  return row;
}

export type GetVideoInput = {
  viewer: StudyViewer;
  videoId: string;
  now: Date;
};

/**
 * One lesson: the file's address or the embed's only to a viewer who may open it (a locked one
 * has its poster, description, lock and the plans' address), and the viewer's saved progress.
 */
export async function getVideo(db: Db, { viewer, videoId, now }: GetVideoInput) {
  const row = await findVisibleVideo(db, viewer, videoId, now);
  const canOpen = await loadStudyAccess(db, { viewer, now });
  const { embedId, fileKey, fileType, visible: _visible, ...rest } = row;
  const locked = !canOpen(row);
  const [progress] = await db
    .select({
      positionSeconds: videoProgress.positionSeconds,
      watchedSeconds: videoProgress.watchedSeconds,
      completed: videoProgress.completed,
    })
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, viewer.userId), eq(videoProgress.videoId, videoId)));
  return {
    ...card(rest as Row, locked),
    plansUrl: locked ? PLANS_PATH : null,
    fileUrl: !locked && fileKey ? videoFilePath(videoId) : null,
    fileType: !locked && fileKey ? fileType : null,
    embedUrl:
      !locked && embedId && rest.source !== "upload" ? videoEmbedUrl(rest.source, embedId) : null,
    progress: progress ?? { positionSeconds: 0, watchedSeconds: 0, completed: false },
  };
}

export type FindVideoFileInput = {
  viewer: StudyViewer;
  videoId: string;
  now: Date;
};

/** The stored file of a lesson the viewer may open (403 with the plans link otherwise). */
export async function findVideoFile(db: Db, { viewer, videoId, now }: FindVideoFileInput) {
  const row = await findVisibleVideo(db, viewer, videoId, now);
  if (!row.fileKey) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
  await assertCanOpenStudyItem(db, { viewer, item: row, now });
  return { key: row.fileKey, contentType: row.fileType ?? "application/octet-stream" };
}

/** The student's progress row for a lesson: created at the first report, updated after. */
async function saveProgress(
  tx: DbOrTx,
  key: { userId: string; videoId: string; now: Date },
  values: Partial<typeof videoProgress.$inferInsert>,
) {
  await tx
    .insert(videoProgress)
    .values({ userId: key.userId, videoId: key.videoId, openedAt: key.now, ...values })
    .onConflictDoUpdate({ target: [videoProgress.userId, videoProgress.videoId], set: values });
}

export type ReportVideoProgressInput = {
  viewer: StudyViewer;
  videoId: string;
  report: Required<Omit<VideoProgressInput, "tz">> & { tz?: string };
  now: Date;
};

/**
 * A report from the player (decision 043): where it is, and the seconds played since the last
 * report. The seconds credited are capped: at most VIDEO_REPORT_MAX_SECONDS a report, and never
 * more than the time since the previous report (plus a little), so a client cannot claim hours
 * in one post. They add to the lesson's watched time (watched at 90 % of its length) and to the
 * student's day for the streak. The first report (when the page opens) records the opening.
 */
export async function reportVideoProgress(db: Db, { viewer, ...input }: ReportVideoProgressInput) {
  const { videoId, report, now } = input;
  const video = await findVisibleVideo(db, viewer, videoId, now);
  await assertCanOpenStudyItem(db, { viewer, item: video, now });
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, viewer.userId), eq(videoProgress.videoId, videoId)))
      .for("update");
    const sinceLast = before
      ? Math.max(0, (now.getTime() - before.updatedAt.getTime()) / 1000 + 2)
      : VIDEO_REPORT_MAX_SECONDS;
    const credited = Math.floor(
      Math.min(report.watchedSeconds, VIDEO_REPORT_MAX_SECONDS, sinceLast),
    );
    const duration = video.durationSeconds ?? report.durationSeconds ?? null;
    const position = Math.floor(
      duration ? Math.min(report.positionSeconds, duration) : report.positionSeconds,
    );
    const watched = (before?.watchedSeconds ?? 0) + credited;
    const completed =
      (before?.completed ?? false) || (!!duration && watched >= duration * VIDEO_COMPLETE_SHARE);
    const values = {
      positionSeconds: position,
      watchedSeconds: watched,
      completed,
      updatedAt: now,
    };
    await saveProgress(tx, { userId: viewer.userId, videoId, now }, values);
    await addStudySeconds(tx, {
      userId: viewer.userId,
      day: studyDay(now, report.tz),
      kind: "video",
      seconds: credited,
    });
    return { videoId, positionSeconds: position, watchedSeconds: watched, completed };
  });
}

export type SetVideoWatchedInput = {
  viewer: StudyViewer;
  videoId: string;
  watched: boolean;
  tz?: string;
  now: Date;
};

/**
 * "Mark as watched" (or not). An embed's player cannot be read without YouTube's or Vimeo's
 * script, so its student says when it is watched; the lesson's length (when the admin gave it)
 * is then credited to the streak, once.
 */
export async function setVideoWatched(db: Db, { viewer, ...input }: SetVideoWatchedInput) {
  const { videoId, now } = input;
  const video = await findVisibleVideo(db, viewer, videoId, now);
  await assertCanOpenStudyItem(db, { viewer, item: video, now });
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, viewer.userId), eq(videoProgress.videoId, videoId)))
      .for("update");
    const credit =
      input.watched && video.source !== "upload" && !before?.credited
        ? Math.min(video.durationSeconds ?? 0, 3 * 3600)
        : 0;
    const values = {
      completed: input.watched,
      credited: (before?.credited ?? false) || credit > 0,
      updatedAt: now,
    };
    await saveProgress(tx, { userId: viewer.userId, videoId, now }, values);
    await addStudySeconds(tx, {
      userId: viewer.userId,
      day: studyDay(now, input.tz),
      kind: "video",
      seconds: credit,
    });
    return { videoId, completed: input.watched };
  });
}
