import { Hono } from "hono";
import { z } from "zod";
import { EVALUATION_MESSAGES } from "../../../shared/evaluation.ts";
import {
  BOOKLET_BODY_MAX_BYTES,
  BOOKLET_MESSAGES,
  bookletDraftSchema,
  bookletMapSchema,
} from "../../../shared/mains-test-schemas.ts";
import { BOOKLET_PDF_MAX_BYTES } from "../../../shared/mains-tests.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { readerLanguage } from "../../lib/reader-language.ts";
import { bodyLimit, declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { privateFileResponse } from "../../storage/serve-file.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import { addBookletFile, openBookletFile, removeBookletFile } from "./booklet-files.ts";
import { correctBookletMap, getOwnBooklet, saveBookletDraft, submitBooklet } from "./booklets.ts";
import { mainsCalendar } from "./calendar.ts";
import { getSeriesSchedule, listMainsTestsForStudent } from "./series.ts";
import { findPublishedTest } from "./tests.ts";

export type MainsTestDeps = {
  storage: FileStorage;
  publicUrl: string;
  appTitle: () => Promise<string>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Draws for the double-marking sample at submission (tests fix it). */
  random?: () => number;
};

const attemptParam = z.object({ attemptId: z.uuid() });
const attemptFileParam = attemptParam.extend({ fileId: z.uuid() });
const fileParam = z.object({ fileId: z.uuid() });
const bookletParam = z.object({ bookletId: z.uuid() });
const fileForm = z.object({
  file: z.instanceof(File, { message: EVALUATION_MESSAGES.fileMissing }),
});
const bookletBody = bodyLimit(BOOKLET_BODY_MAX_BYTES, BOOKLET_MESSAGES.tooLong);

function calendarAnswer(body: string, name: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.ics"`,
    },
  });
}

/**
 * The Mains test series for students and mentors (decision 063): GET /api/mains-tests (the list
 * by series), the calendars (/api/mains-tests/:id/calendar.ics, /api/mains-series/:id/calendar.ics),
 * the booklet of an attempt (/api/mains-tests/attempts/:attemptId/booklet…), its files
 * (/api/mains-tests/booklet-files/:fileId) and a mentor's page-map correction
 * (/api/mentor/mains/booklets/:bookletId/map). The start screen and the start are the engine's.
 */
export function createMainsTestRoutes(db: Db, deps: MainsTestDeps) {
  const now = deps.now ?? (() => new Date());
  const student = requireRole("student");
  const language = (
    c: { req: { header: (name: string) => string | undefined } },
    userId?: string,
  ) => readerLanguage(db, userId ?? null, c.req.header("cookie"));

  const tests = new Hono<AppEnv>()
    .get("/", requireRole("student", "admin"), async (c) =>
      c.json(await listMainsTestsForStudent(db, { viewer: viewerOf(c), now: now() })),
    )
    .get("/:id/calendar.ics", validate("param", idParamSchema), async (c) => {
      const test = await findPublishedTest(db, c.req.valid("param").id);
      const body = mainsCalendar({
        name: test.title,
        tests: [test],
        language: await language(c, c.get("viewer")?.userId),
        publicUrl: deps.publicUrl,
        appTitle: await deps.appTitle(),
        now: now(),
      });
      return calendarAnswer(body, `mains-test-${test.id}`);
    })
    .get("/attempts/:attemptId/booklet", student, validate("param", attemptParam), async (c) =>
      c.json(
        await getOwnBooklet(db, {
          viewer: viewerOf(c),
          attemptId: c.req.valid("param").attemptId,
          now: now(),
        }),
      ),
    )
    .put(
      "/attempts/:attemptId/booklet",
      student,
      bookletBody,
      validate("param", attemptParam),
      validate("json", bookletDraftSchema),
      async (c) =>
        c.json(
          await saveBookletDraft(db, {
            viewer: viewerOf(c),
            attemptId: c.req.valid("param").attemptId,
            draft: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .post(
      "/attempts/:attemptId/booklet/submit",
      student,
      bookletBody,
      validate("param", attemptParam),
      validate("json", bookletDraftSchema),
      async (c) =>
        c.json(
          await submitBooklet(db, {
            storage: deps.storage,
            viewer: viewerOf(c),
            attemptId: c.req.valid("param").attemptId,
            draft: c.req.valid("json"),
            now: now(),
            random: deps.random,
          }),
        ),
    )
    .post(
      "/attempts/:attemptId/booklet/files",
      student,
      uploadLimit(BOOKLET_PDF_MAX_BYTES, BOOKLET_MESSAGES.pdfTooLarge),
      validate("param", attemptParam),
      validate("form", fileForm),
      async (c) =>
        c.json(
          await addBookletFile(db, {
            storage: deps.storage,
            viewer: viewerOf(c),
            attemptId: c.req.valid("param").attemptId,
            file: c.req.valid("form").file,
            now: now(),
          }),
          201,
        ),
    )
    .delete(
      "/attempts/:attemptId/booklet/files/:fileId",
      student,
      validate("param", attemptFileParam),
      async (c) =>
        c.json(
          await removeBookletFile(db, {
            storage: deps.storage,
            viewer: viewerOf(c),
            ...c.req.valid("param"),
            now: now(),
          }),
        ),
    )
    .get(
      "/booklet-files/:fileId",
      requireAuth,
      declare({ servesStoredFile: true }),
      validate("param", fileParam),
      async (c) => {
        const { stored, contentType } = await openBookletFile(db, {
          storage: deps.storage,
          viewer: viewerOf(c),
          fileId: c.req.valid("param").fileId,
          now: now(),
        });
        return privateFileResponse(stored, contentType);
      },
    );

  const series = new Hono<AppEnv>().get(
    "/:id/calendar.ics",
    validate("param", idParamSchema),
    async (c) => {
      const schedule = await getSeriesSchedule(db, c.req.valid("param").id);
      const reader = await language(c, c.get("viewer")?.userId);
      const name =
        reader === "hi" && schedule.series.titleHi
          ? schedule.series.titleHi
          : schedule.series.title;
      const body = mainsCalendar({
        name,
        tests: schedule.tests,
        language: reader,
        publicUrl: deps.publicUrl,
        appTitle: await deps.appTitle(),
        now: now(),
      });
      return calendarAnswer(body, `mains-series-${schedule.series.id}`);
    },
  );

  const mentor = new Hono<AppEnv>().put(
    "/booklets/:bookletId/map",
    requireRole("mentor"),
    validate("param", bookletParam),
    validate("json", bookletMapSchema),
    async (c) =>
      c.json({
        answers: await correctBookletMap(db, {
          viewer: viewerOf(c),
          bookletId: c.req.valid("param").bookletId,
          map: c.req.valid("json"),
          now: now(),
        }),
      }),
  );

  return { tests, series, mentor };
}
