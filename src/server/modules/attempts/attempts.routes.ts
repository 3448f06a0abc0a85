import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { saveAnswersSchema } from "../../../shared/exams.ts";
import { myResultsQuerySchema } from "../../../shared/my-results.ts";
import type { Db } from "../../db/client.ts";
import { type AttemptFactsCache, createAttemptFactsCache } from "../../fast-path/attempt-facts.ts";
import { directRoute } from "../../fast-path/direct-routes.ts";
import type { AppEnv, Viewer } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import { getAttempt, startAttempt, submitAttempt } from "./attempts.service.ts";
import {
  getExamOverview,
  getMainsOverview,
  getQuizOverview,
  getSetOverview,
} from "./exam-overview.ts";
import { listMyResults } from "./my-results.ts";
import { saveAnswers } from "./save-answers.ts";

const examParamSchema = z.object({ examId: z.uuid() });
const quizParamSchema = z.object({ quizId: z.uuid() });

/** Who takes tests: students, and admins trying theirs out. */
const TAKERS = ["student", "admin"] as const;

type SaveOptions = {
  /** The server's clock (decision 049). */
  now: () => Date;
  /** The instance's copy of the saves' refusal facts (decision 052). */
  facts: AttemptFactsCache;
};

/** The answer save's handler, for its Hono route and its direct route alike. */
function answerSaver(db: Db, options: SaveOptions) {
  return (viewer: Viewer, attemptId: string, body: z.output<typeof saveAnswersSchema>) =>
    saveAnswers(db, {
      userId: viewer.userId,
      attemptId,
      body,
      now: options.now(),
      facts: options.facts,
    });
}

const SAVE_PATH = /^\/api\/attempts\/([^/]+)\/answers$/;

/**
 * POST /api/attempts/:id/answers answered straight from Node's request (decision 053): the
 * request a student sends for every answer. Same roles, schemas and handler as its Hono route
 * below, which the typed client and app.fetch still use; pass both the same `facts`.
 */
export function createAnswerSaveRoute(db: Db, options: SaveOptions) {
  const save = answerSaver(db, options);
  return directRoute({
    match: (path) => {
      const found = SAVE_PATH.exec(path);
      return found?.[1] === undefined ? null : { id: found[1] };
    },
    params: idParamSchema,
    body: saveAnswersSchema,
    roles: TAKERS,
    handle: ({ viewer, params, body }) => save(viewer, params.id, body),
  });
}

/**
 * The engine for exams and quizzes: GET /api/exams/:examId/overview and
 * GET /api/quizzes/:quizId/overview (the start screens, read only), POST /api/exams/:examId/attempts and
 * POST /api/quizzes/:quizId/attempts (start or resume), the same pair for a practice test
 * (/api/practice/:id/...), a revision session (/api/revision/:id/...) and a Mains test
 * (/api/mains-tests/:id/...), GET /api/attempts/:id,
 * POST /api/attempts/:id/answers, POST /api/attempts/:id/submit, GET /api/results (My Results, paged).
 */
export function createAttemptRoutes(
  db: Db,
  options: {
    /** The bounded queue a live test's start passes through (decision 047, lib/admission.ts). */
    liveStartGate?: MiddlewareHandler<AppEnv>;
    /** The server's clock (decision 049): every start, save, submit and read is at `now()`. */
    now?: () => Date;
    /** The instance's copy of the saves' refusal facts (decision 052). */
    facts?: AttemptFactsCache;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const facts = options.facts ?? createAttemptFactsCache();
  const save = answerSaver(db, { now, facts });
  const takers = requireRole(...TAKERS);
  const liveStartGate: MiddlewareHandler<AppEnv> =
    options.liveStartGate ?? (async (_c, next) => next());
  return new Hono<AppEnv>()
    .get("/exams/:examId/overview", takers, validate("param", examParamSchema), async (c) =>
      c.json(
        await getExamOverview(db, {
          viewer: viewerOf(c),
          examId: c.req.valid("param").examId,
          now: now(),
        }),
      ),
    )
    .post("/exams/:examId/attempts", takers, validate("param", examParamSchema), async (c) =>
      c.json(
        await startAttempt(db, {
          viewer: viewerOf(c),
          target: { kind: "exam", id: c.req.valid("param").examId },
          now: now(),
        }),
      ),
    )
    .get("/quizzes/:quizId/overview", takers, validate("param", quizParamSchema), async (c) =>
      c.json(
        await getQuizOverview(db, {
          viewer: viewerOf(c),
          quizId: c.req.valid("param").quizId,
          now: now(),
        }),
      ),
    )
    .post("/quizzes/:quizId/attempts", takers, validate("param", quizParamSchema), async (c) =>
      c.json(
        await startAttempt(db, {
          viewer: viewerOf(c),
          target: { kind: "quiz", id: c.req.valid("param").quizId },
          now: now(),
        }),
      ),
    )
    .get("/mains-tests/:id/overview", takers, validate("param", idParamSchema), async (c) =>
      c.json(
        await getMainsOverview(db, {
          viewer: viewerOf(c),
          testId: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .post("/mains-tests/:id/attempts", takers, validate("param", idParamSchema), async (c) =>
      c.json(
        await startAttempt(db, {
          viewer: viewerOf(c),
          target: { kind: "mains", id: c.req.valid("param").id },
          now: now(),
        }),
      ),
    )
    .get("/practice/:id/overview", takers, validate("param", idParamSchema), async (c) =>
      c.json(
        await getSetOverview(db, {
          viewer: viewerOf(c),
          kind: "practice",
          id: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .post("/practice/:id/attempts", takers, validate("param", idParamSchema), async (c) =>
      c.json(
        await startAttempt(db, {
          viewer: viewerOf(c),
          target: { kind: "practice", id: c.req.valid("param").id },
          now: now(),
        }),
      ),
    )
    .get("/revision/:id/overview", takers, validate("param", idParamSchema), async (c) =>
      c.json(
        await getSetOverview(db, {
          viewer: viewerOf(c),
          kind: "revision",
          id: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .post("/revision/:id/attempts", takers, validate("param", idParamSchema), async (c) =>
      c.json(
        await startAttempt(db, {
          viewer: viewerOf(c),
          target: { kind: "revision", id: c.req.valid("param").id },
          now: now(),
        }),
      ),
    )
    .post(
      "/live-tests/:examId/attempts",
      takers,
      validate("param", examParamSchema),
      liveStartGate,
      async (c) =>
        c.json(
          await startAttempt(db, {
            viewer: viewerOf(c),
            target: { kind: "live", id: c.req.valid("param").examId },
            now: now(),
          }),
        ),
    )
    .get("/attempts/:id", takers, validate("param", idParamSchema), async (c) =>
      c.json(
        await getAttempt(db, {
          viewer: viewerOf(c),
          attemptId: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .post(
      "/attempts/:id/answers",
      takers,
      validate("param", idParamSchema),
      validate("json", saveAnswersSchema),
      async (c) => c.json(await save(viewerOf(c), c.req.valid("param").id, c.req.valid("json"))),
    )
    .post("/attempts/:id/submit", takers, validate("param", idParamSchema), async (c) => {
      const { userId, role } = viewerOf(c);
      const attemptId = c.req.valid("param").id;
      const submitted = await submitAttempt(db, { userId, role, attemptId, now: now() });
      // Only the owner's own attempt gets here (another's is a 404): later saves are refused at once.
      facts.completed(attemptId);
      return c.json(submitted);
    })
    .get("/results", requireRole("student"), validate("query", myResultsQuerySchema), async (c) =>
      c.json(await listMyResults(db, { userId: viewerOf(c).userId, query: c.req.valid("query") })),
    );
}
