import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { paginationQuerySchema } from "./pagination.ts";
import { RICH_TEXT_MAX_LENGTH } from "./rich-text.ts";
import { optionalText, text } from "./text.ts";

// Study notes and video lessons (decision 043): the contracts both sides use.

/** Study notes by subject, or a monthly current-affairs compilation. */
export const NOTE_KINDS = ["notes", "current_affairs"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** A subject's video lesson, or a current-affairs video. */
export const VIDEO_KINDS = ["lesson", "current_affairs"] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

/** An uploaded file, or an embed from one of the allowed providers. */
export const VIDEO_SOURCES = ["upload", "youtube", "vimeo"] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

/** Uploaded lessons: MP4 or WebM, recognised by their bytes. */
export const VIDEO_TYPES = { "video/mp4": "mp4", "video/webm": "webm" } as const;
export type VideoMime = keyof typeof VIDEO_TYPES;
/**
 * 500 MB: an hour of lecture at a good 720p bitrate. The upload is streamed to storage, never
 * held in memory, so the limit is about storage and upload time, not the server's memory.
 */
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

/** The player reports progress this often while playing (and on pause and when leaving). */
export const VIDEO_PROGRESS_INTERVAL_SECONDS = 15;
/** The most watched time one report may add: a little over the interval, for late timers. */
export const VIDEO_REPORT_MAX_SECONDS = 60;
/** A lesson counts as watched at 90 % of its length. */
export const VIDEO_COMPLETE_SHARE = 0.9;
/** Reading speed for a note's study time: words per minute, credited once per note. */
export const READING_WORDS_PER_MINUTE = 200;
/** At most this much study time for reading one note (a very long note, or a PDF). */
export const NOTE_READ_MAX_SECONDS = 60 * 60;
/** A note with only a PDF is credited this much reading time. */
export const PDF_NOTE_READ_SECONDS = 10 * 60;

export const LIBRARY_MESSAGES = {
  noteNotFound: msg("Note not found."),
  videoNotFound: msg("Video not found."),
  titleRequired: msg("Title is required."),
  titleTooLong: msg("Title is too long."),
  contentTooLong: msg("The content is too long."),
  subjectRequired: msg("Choose the subject."),
  monthRequired: msg("Choose the month of the compilation."),
  bodyOrPdf: msg("Write the note or attach a PDF (or both)."),
  embedUrl: msg("Paste a YouTube or Vimeo link to the video."),
  videoTooLarge: msg("Please upload a video smaller than 500MB."),
  notVideo: msg("Only MP4 or WebM videos can be uploaded."),
  lengthRequired: msg("The upload must say its length (Content-Length)."),
  uploadIncomplete: msg("The upload was interrupted. Please try again."),
  notUploadVideo: msg("This lesson is an embed: it has no file to upload."),
  posterTooLarge: msg("Please upload a poster smaller than 5MB."),
  posterType: msg("The poster must be a JPEG, PNG or WebP image."),
  invalidData: msg("Invalid input."),
} as const;

/** Publication: null keeps it a draft; a date makes it visible from then on. */
const publishedAt = z.iso.datetime({ offset: true }).nullable().default(null);

/** yyyy-mm: the month a current-affairs compilation covers. */
const month = text()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, LIBRARY_MESSAGES.monthRequired)
  .nullable()
  .default(null);

const taxonomy = {
  subjectId: z.uuid(LIBRARY_MESSAGES.subjectRequired).nullable().default(null),
  topicId: z.uuid().nullable().default(null),
};

/** A topic needs its subject; subject notes need one; compilations need their month. */
function kindRules(
  value: { kind: string; subjectId: string | null; topicId: string | null; month?: string | null },
  ctx: z.RefinementCtx,
  currentAffairs: string,
) {
  if (value.kind !== currentAffairs && !value.subjectId) {
    ctx.addIssue({
      code: "custom",
      path: ["subjectId"],
      message: LIBRARY_MESSAGES.subjectRequired,
    });
  }
  if (value.topicId && !value.subjectId) {
    ctx.addIssue({
      code: "custom",
      path: ["topicId"],
      message: msg("A topic needs its subject: choose the subject too."),
    });
  }
  if (value.month !== undefined && value.kind === "current_affairs" && !value.month) {
    ctx.addIssue({ code: "custom", path: ["month"], message: LIBRARY_MESSAGES.monthRequired });
  }
}

/**
 * A note as the admin saves it (the multipart form's `data` field; the PDF is its `file`). The
 * HTML is sanitised on the server; `removePdf` drops the stored PDF on an edit.
 */
export const noteInputSchema = z
  .object({
    kind: z.enum(NOTE_KINDS).default("notes"),
    title: text()
      .trim()
      .min(1, LIBRARY_MESSAGES.titleRequired)
      .max(300, LIBRARY_MESSAGES.titleTooLong),
    titleHi: optionalText(300, LIBRARY_MESSAGES.titleTooLong),
    body: text().max(RICH_TEXT_MAX_LENGTH, LIBRARY_MESSAGES.contentTooLong).default(""),
    bodyHi: optionalText(RICH_TEXT_MAX_LENGTH, LIBRARY_MESSAGES.contentTooLong),
    ...taxonomy,
    month,
    isFree: z.boolean().default(true),
    publishedAt,
    removePdf: z.boolean().default(false),
  })
  .superRefine((value, ctx) => kindRules(value, ctx, "current_affairs"));
export type NoteInput = z.input<typeof noteInputSchema>;
export type NoteData = z.output<typeof noteInputSchema>;

/** A video lesson as the admin saves it; an upload's file and poster go to their own routes. */
export const videoInputSchema = z
  .object({
    kind: z.enum(VIDEO_KINDS).default("lesson"),
    title: text()
      .trim()
      .min(1, LIBRARY_MESSAGES.titleRequired)
      .max(300, LIBRARY_MESSAGES.titleTooLong),
    titleHi: optionalText(300, LIBRARY_MESSAGES.titleTooLong),
    description: text().trim().max(5000).default(""),
    descriptionHi: optionalText(5000),
    ...taxonomy,
    isFree: z.boolean().default(true),
    publishedAt,
    /** "upload", or a YouTube/Vimeo link (its provider and id are kept, never the link). */
    source: z.enum(["upload", "embed"]).default("upload"),
    embedUrl: optionalText(500),
    durationSeconds: z
      .number()
      .int()
      .min(1)
      .max(24 * 3600)
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    kindRules(value, ctx, "current_affairs");
    if (value.source === "embed" && !(value.embedUrl && parseVideoEmbed(value.embedUrl))) {
      ctx.addIssue({ code: "custom", path: ["embedUrl"], message: LIBRARY_MESSAGES.embedUrl });
    }
  });
export type VideoInput = z.input<typeof videoInputSchema>;
export type VideoData = z.output<typeof videoInputSchema>;

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

/** GET /api/notes: the student's list. */
export const noteListQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(NOTE_KINDS).optional(),
  subjectId: z.uuid().optional(),
  topicId: z.uuid().optional(),
  q: text().trim().max(200).optional(),
  bookmarked: flag,
});
export type NoteListQuery = z.input<typeof noteListQuerySchema>;

/** GET /api/videos. */
export const videoListQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(VIDEO_KINDS).optional(),
  subjectId: z.uuid().optional(),
  topicId: z.uuid().optional(),
});

/** GET /api/admin/notes and /api/admin/videos. */
export const adminLibraryQuerySchema = paginationQuerySchema.extend({
  search: text().trim().max(200).optional(),
  kind: text().max(40).optional(),
});

/** The student's calendar day comes from their browser's time zone (as the streak's does). */
const tz = text().max(64).optional();

/** PUT /api/notes/{id}/read. */
export const noteReadSchema = z.object({ tz });

/**
 * POST /api/videos/{id}/progress: where the player is, and the seconds actually played since the
 * last report (capped on the server). `durationSeconds`: what the player knows of the length.
 */
export const videoProgressSchema = z.object({
  positionSeconds: z
    .number()
    .min(0)
    .max(24 * 3600),
  watchedSeconds: z
    .number()
    .min(0)
    .max(24 * 3600)
    .default(0),
  durationSeconds: z
    .number()
    .positive()
    .max(24 * 3600)
    .nullable()
    .default(null),
  tz,
});
export type VideoProgressInput = z.input<typeof videoProgressSchema>;

/** PUT /api/videos/{id}/watched: an embed's "Mark as watched". */
export const videoWatchedSchema = z.object({ tz });

/** The provider and id of a YouTube or Vimeo link, or null for anything else. */
export function parseVideoEmbed(
  raw: string,
): { source: Exclude<VideoSource, "upload">; id: string } | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const valid = (value: string | null | undefined) =>
    value && /^[\w-]{6,64}$/.test(value) ? value : null;
  if (host === "youtu.be") {
    const id = valid(url.pathname.slice(1));
    return id ? { source: "youtube", id } : null;
  }
  if (
    ["youtube.com", "www.youtube.com", "m.youtube.com", "www.youtube-nocookie.com"].includes(host)
  ) {
    const path = url.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]+)$/);
    const id = valid(path ? path[1] : url.pathname === "/watch" ? url.searchParams.get("v") : null);
    return id ? { source: "youtube", id } : null;
  }
  if (host === "vimeo.com" || host === "www.vimeo.com" || host === "player.vimeo.com") {
    const match = url.pathname.match(/^\/(?:video\/)?(\d{1,20})$/);
    return match?.[1] ? { source: "vimeo", id: match[1] } : null;
  }
  return null;
}

/** The embed address built from the stored provider and id (never a stored URL). */
export function videoEmbedUrl(source: Exclude<VideoSource, "upload">, id: string): string {
  return source === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`
    : `https://player.vimeo.com/video/${encodeURIComponent(id)}`;
}

/** The month's name for a compilation ("2026-10" → October 2026), in the reader's language. */
export function monthLabel(value: string, locale: string): string {
  const [year, monthNumber] = value.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year ?? 2000, (monthNumber ?? 1) - 1, 1)));
}
