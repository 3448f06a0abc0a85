import { Hono } from "hono";
import { z } from "zod";
import {
  adminLibraryQuerySchema,
  LIBRARY_MESSAGES,
  noteListQuerySchema,
  noteReadSchema,
  VIDEO_MAX_BYTES,
  videoInputSchema,
  videoListQuerySchema,
  videoProgressSchema,
  videoWatchedSchema,
} from "../../../shared/library.ts";
import { QUIZ_PDF_MAX_BYTES, QUIZ_PDF_MESSAGES } from "../../../shared/quizzes.ts";
import { RICH_TEXT_MAX_LENGTH } from "../../../shared/rich-text.ts";
import { text } from "../../../shared/text.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { serveStoredFile } from "../../storage/serve-file.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadBodyLimit, uploadLimit } from "../../storage/upload-limit.ts";
import { deleteNote, getNoteForAdmin, listNotesForAdmin, saveNote } from "./admin-notes.ts";
import {
  createVideo,
  deleteVideo,
  deleteVideoPoster,
  getVideoForAdmin,
  listVideosForAdmin,
  POSTER_RULES,
  updateVideo,
  uploadVideoFile,
  uploadVideoPoster,
} from "./admin-videos.ts";
import {
  getNote,
  listNotes,
  markNoteRead,
  markNoteUnread,
  noteProgress,
  openNotePdf,
  setNoteBookmark,
} from "./notes.ts";
import {
  findVideoFile,
  getVideo,
  listVideos,
  reportVideoProgress,
  setVideoWatched,
} from "./videos.ts";

/** Study pages are for students and admins ("signed-in" in the route catalogue), not mentors. */
const reader = requireRole("student", "admin");

/**
 * The note form: its fields as JSON in `data`, and the optional PDF in `file`. Bodies up to the
 * PDF's limit plus two rich-text bodies (English and Hindi; Devanagari takes 3 bytes a letter).
 */
const noteForm = z.object({ data: text(), file: z.unknown().optional() });
const NOTE_FORM_MAX_BYTES = QUIZ_PDF_MAX_BYTES + 2 * 3 * RICH_TEXT_MAX_LENGTH;
const posterForm = z.object({ file: z.unknown().optional() });

export function createLibraryRoutes(
  db: Db,
  storage: FileStorage,
  clock: () => Date = () => new Date(),
) {
  const notes = new Hono<AppEnv>()
    .use("*", reader)
    .get("/", validate("query", noteListQuerySchema), async (c) =>
      c.json(
        await listNotes(db, { viewer: viewerOf(c), query: c.req.valid("query"), now: clock() }),
      ),
    )
    .get("/progress", async (c) =>
      c.json(await noteProgress(db, { userId: viewerOf(c).userId, now: clock() })),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(
        await getNote(db, { viewer: viewerOf(c), noteId: c.req.valid("param").id, now: clock() }),
      ),
    )
    .get(
      "/:id/pdf",
      declare({ servesStoredFile: true }),
      validate("param", idParamSchema),
      async (c) => {
        const { file, fileName } = await openNotePdf(db, {
          storage,
          viewer: viewerOf(c),
          noteId: c.req.valid("param").id,
          now: clock(),
        });
        const headers: Record<string, string> = {
          "Content-Type": "application/pdf",
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
          "Content-Disposition": `inline; filename="${fileName}"`,
        };
        if (file.size !== undefined) headers["Content-Length"] = String(file.size);
        return c.body(file.body, 200, headers);
      },
    )
    .put("/:id/bookmark", validate("param", idParamSchema), async (c) =>
      c.json(
        await setNoteBookmark(db, {
          viewer: viewerOf(c),
          noteId: c.req.valid("param").id,
          saved: true,
          now: clock(),
        }),
      ),
    )
    .delete("/:id/bookmark", validate("param", idParamSchema), async (c) =>
      c.json(
        await setNoteBookmark(db, {
          viewer: viewerOf(c),
          noteId: c.req.valid("param").id,
          saved: false,
          now: clock(),
        }),
      ),
    )
    .put(
      "/:id/read",
      validate("param", idParamSchema),
      validate("json", noteReadSchema),
      async (c) =>
        c.json(
          await markNoteRead(db, {
            viewer: viewerOf(c),
            noteId: c.req.valid("param").id,
            tz: c.req.valid("json").tz,
            now: clock(),
          }),
        ),
    )
    .delete("/:id/read", validate("param", idParamSchema), async (c) =>
      c.json(
        await markNoteUnread(db, {
          viewer: viewerOf(c),
          noteId: c.req.valid("param").id,
          now: clock(),
        }),
      ),
    );

  const videos = new Hono<AppEnv>()
    .use("*", reader)
    .get("/", validate("query", videoListQuerySchema), async (c) =>
      c.json(
        await listVideos(db, { viewer: viewerOf(c), query: c.req.valid("query"), now: clock() }),
      ),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(
        await getVideo(db, { viewer: viewerOf(c), videoId: c.req.valid("param").id, now: clock() }),
      ),
    )
    .get(
      "/:id/file",
      declare({ servesStoredFile: true }),
      validate("param", idParamSchema),
      async (c) => {
        const file = await findVideoFile(db, {
          viewer: viewerOf(c),
          videoId: c.req.valid("param").id,
          now: clock(),
        });
        const response = await serveStoredFile(storage, "study_files", file.key, {
          rangeHeader: c.req.header("range"),
          cacheControl: "private, no-store",
          contentType: file.contentType,
        });
        if (!response) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.videoNotFound);
        return response;
      },
    )
    .post(
      "/:id/progress",
      validate("param", idParamSchema),
      validate("json", videoProgressSchema),
      async (c) =>
        c.json(
          await reportVideoProgress(db, {
            viewer: viewerOf(c),
            videoId: c.req.valid("param").id,
            report: c.req.valid("json"),
            now: clock(),
          }),
        ),
    )
    .put(
      "/:id/watched",
      validate("param", idParamSchema),
      validate("json", videoWatchedSchema),
      async (c) =>
        c.json(
          await setVideoWatched(db, {
            viewer: viewerOf(c),
            videoId: c.req.valid("param").id,
            watched: true,
            tz: c.req.valid("json").tz,
            now: clock(),
          }),
        ),
    )
    .delete("/:id/watched", validate("param", idParamSchema), async (c) =>
      c.json(
        await setVideoWatched(db, {
          viewer: viewerOf(c),
          videoId: c.req.valid("param").id,
          watched: false,
          now: clock(),
        }),
      ),
    );

  const adminNotes = new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", adminLibraryQuerySchema), async (c) =>
      c.json(await listNotesForAdmin(db, c.req.valid("query"))),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await getNoteForAdmin(db, c.req.valid("param").id)),
    )
    .post(
      "/",
      uploadBodyLimit(NOTE_FORM_MAX_BYTES, QUIZ_PDF_MESSAGES.tooLarge),
      validate("form", noteForm),
      async (c) => {
        const form = c.req.valid("form");
        return c.json(
          await saveNote(db, {
            storage,
            data: form.data,
            file: form.file,
            adminId: viewerOf(c).userId,
            now: clock(),
          }),
          201,
        );
      },
    )
    .put(
      "/:id",
      uploadBodyLimit(NOTE_FORM_MAX_BYTES, QUIZ_PDF_MESSAGES.tooLarge),
      validate("param", idParamSchema),
      validate("form", noteForm),
      async (c) => {
        const form = c.req.valid("form");
        return c.json(
          await saveNote(db, {
            storage,
            id: c.req.valid("param").id,
            data: form.data,
            file: form.file,
            adminId: viewerOf(c).userId,
            now: clock(),
          }),
        );
      },
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteNote(db, { storage, id: c.req.valid("param").id })),
    );

  const adminVideos = new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", adminLibraryQuerySchema), async (c) =>
      c.json(await listVideosForAdmin(db, c.req.valid("query"))),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await getVideoForAdmin(db, c.req.valid("param").id)),
    )
    .post("/", validate("json", videoInputSchema), async (c) =>
      c.json(
        await createVideo(db, {
          input: c.req.valid("json"),
          adminId: viewerOf(c).userId,
          now: clock(),
        }),
        201,
      ),
    )
    .put("/:id", validate("param", idParamSchema), validate("json", videoInputSchema), async (c) =>
      c.json(
        await updateVideo(db, {
          storage,
          id: c.req.valid("param").id,
          input: c.req.valid("json"),
          now: clock(),
        }),
      ),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteVideo(db, { storage, id: c.req.valid("param").id })),
    )
    .put(
      "/:id/file",
      // The raw bytes as the body: streamed to storage, so the limit is the file's own.
      uploadBodyLimit(VIDEO_MAX_BYTES, LIBRARY_MESSAGES.videoTooLarge),
      validate("param", idParamSchema),
      async (c) =>
        c.json(
          await uploadVideoFile(db, {
            storage,
            id: c.req.valid("param").id,
            body: c.req.raw.body,
            contentLength: c.req.header("content-length"),
            now: clock(),
          }),
        ),
    )
    .post(
      "/:id/poster",
      uploadLimit(POSTER_RULES.maxBytes, POSTER_RULES.tooLarge),
      validate("param", idParamSchema),
      validate("form", posterForm),
      async (c) =>
        c.json(
          await uploadVideoPoster(db, {
            storage,
            id: c.req.valid("param").id,
            file: c.req.valid("form").file,
            now: clock(),
          }),
        ),
    )
    .delete("/:id/poster", validate("param", idParamSchema), async (c) =>
      c.json(await deleteVideoPoster(db, { storage, id: c.req.valid("param").id, now: clock() })),
    );

  return { notes, videos, adminNotes, adminVideos };
}
