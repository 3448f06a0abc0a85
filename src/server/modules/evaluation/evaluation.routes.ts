import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { API_MESSAGES } from "../../../shared/api-messages.ts";
import {
  COPY_PDF_MAX_BYTES,
  EVALUATION_MESSAGES,
  evaluationDraftSchema,
  evaluationSettingsSchema,
  followUpAnswerSchema,
  followUpSchema,
  invitationTokenSchema,
  MAINS_PAPERS,
  mainsQuestionListQuerySchema,
  mainsQuestionSchema,
  mentorEmailSchema,
  mentorQueueQuerySchema,
  ratingSchema,
  reassignSchema,
  rubricSchema,
  submitCopySchema,
} from "../../../shared/evaluation.ts";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import { paginationQuerySchema } from "../../../shared/pagination.ts";
import { text } from "../../../shared/text.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { privateFileResponse } from "../../storage/serve-file.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import type { Outbox } from "../notifications/outbox.ts";
import {
  addCopyFile,
  askFollowUp,
  evaluationAllowance,
  getAnswerPage,
  getOwnCopy,
  listMyCopies,
  rateCopy,
  removeCopyFile,
  submitCopy,
} from "./answer-copies.ts";
import { openCopyFile } from "./copy-files.ts";
import {
  ADMIN_COPY_FILTERS,
  evaluationSummary,
  listCopiesForAdmin,
  reassignCopy,
} from "./evaluation-report.ts";
import {
  getEvaluationSettings,
  setRubric,
  updateEvaluationSettings,
} from "./evaluation-settings.ts";
import {
  createMainsQuestion,
  deleteMainsQuestion,
  listMainsQuestions,
  listPublishedQuestions,
  updateMainsQuestion,
} from "./mains-questions.ts";
import {
  answerFollowUp,
  claimCopy,
  getMentorCopy,
  listQueue,
  mentorDesk,
  publishEvaluation,
  saveDraft,
} from "./mentor-desk.ts";
import {
  acceptInvitation,
  demoteMentor,
  inviteMentor,
  listMentors,
  promoteToMentor,
} from "./mentors.ts";

export type EvaluationDeps = {
  storage: FileStorage;
  /** The invitation to a new mentor. */
  mailer: Mailer;
  /** Messages to students (docs/guides/messages.md). */
  outbox: Outbox;
  publicUrl: string;
  appTitle: () => Promise<string>;
  /** The clock (tests move it). */
  now?: () => Date;
};

const fileForm = z.object({
  file: z.instanceof(File, { message: EVALUATION_MESSAGES.fileMissing }),
});
const fileParam = z.object({ fileId: z.uuid() });
const paperParam = z.object({ paper: z.enum(MAINS_PAPERS) });
const mentorIdParam = z.object({ id: text().min(1).max(200) });
const adminCopiesQuery = paginationQuerySchema.extend({
  status: z.enum(ADMIN_COPY_FILTERS).default("pending"),
});
/** A role change shows in every instance's next request for that user (decision 023). */
const refreshesAll = declare({ refreshesViewers: "all" });

/**
 * Mains answer evaluation (decision 042): the student's routes under /api/answer-evaluation, the
 * private file route, the mentor's under /api/mentor, and the admins' under /api/admin.
 */
export function createEvaluationRoutes(db: Db, deps: EvaluationDeps) {
  const now = deps.now ?? (() => new Date());
  const student = requireRole("student");
  const mentor = requireRole("mentor");
  const admin = requireRole("admin");
  /** Admins, and mentors while admins allow mentors to publish questions. */
  const questionEditors = createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (!viewer) throw new AppError("UNAUTHENTICATED", API_MESSAGES.loginRequired);
    if (viewer.role === "admin") return next();
    if (viewer.role === "mentor") {
      if ((await getEvaluationSettings(db)).mentorsMayPublishQuestions) return next();
      throw new AppError("FORBIDDEN", EVALUATION_MESSAGES.mentorsCannotPublish);
    }
    throw new AppError("FORBIDDEN", API_MESSAGES.forbidden);
  });

  const answerEvaluation = new Hono<AppEnv>()
    .get("/", student, validate("query", paginationQuerySchema), async (c) => {
      const viewer = viewerOf(c);
      const at = now();
      const [questions, allowance] = await Promise.all([
        listPublishedQuestions(db, { userId: viewer.userId, now: at, ...c.req.valid("query") }),
        evaluationAllowance(db, { viewer, now: at }),
      ]);
      return c.json({ ...questions, allowance });
    })
    .get("/mine", student, validate("query", paginationQuerySchema), async (c) =>
      c.json(
        await listMyCopies(db, {
          userId: viewerOf(c).userId,
          query: c.req.valid("query"),
          now: now(),
        }),
      ),
    )
    .get("/questions/:id", student, validate("param", idParamSchema), async (c) =>
      c.json(
        await getAnswerPage(db, {
          viewer: viewerOf(c),
          questionId: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .post(
      "/questions/:id/files",
      student,
      uploadLimit(COPY_PDF_MAX_BYTES, EVALUATION_MESSAGES.pdfTooLarge),
      validate("param", idParamSchema),
      validate("form", fileForm),
      async (c) =>
        c.json(
          await addCopyFile({
            db,
            storage: deps.storage,
            viewer: viewerOf(c),
            questionId: c.req.valid("param").id,
            file: c.req.valid("form").file,
            now: now(),
          }),
          201,
        ),
    )
    .delete("/files/:fileId", student, validate("param", fileParam), async (c) =>
      c.json(
        await removeCopyFile({
          db,
          storage: deps.storage,
          viewer: viewerOf(c),
          fileId: c.req.valid("param").fileId,
        }),
      ),
    )
    .post(
      "/questions/:id/submit",
      student,
      validate("param", idParamSchema),
      validate("json", submitCopySchema),
      async (c) =>
        c.json(
          await submitCopy({
            db,
            storage: deps.storage,
            viewer: viewerOf(c),
            questionId: c.req.valid("param").id,
            ...c.req.valid("json"),
            now: now(),
          }),
          201,
        ),
    )
    .get("/copies/:id", student, validate("param", idParamSchema), async (c) =>
      c.json(
        await getOwnCopy(db, { viewer: viewerOf(c), copyId: c.req.valid("param").id, now: now() }),
      ),
    )
    .post(
      "/copies/:id/rating",
      student,
      validate("param", idParamSchema),
      validate("json", ratingSchema),
      async (c) =>
        c.json(
          await rateCopy(db, {
            viewer: viewerOf(c),
            copyId: c.req.valid("param").id,
            rating: c.req.valid("json").rating,
            now: now(),
          }),
        ),
    )
    .post(
      "/copies/:id/follow-up",
      student,
      validate("param", idParamSchema),
      validate("json", followUpSchema),
      async (c) =>
        c.json(
          await askFollowUp(db, {
            viewer: viewerOf(c),
            copyId: c.req.valid("param").id,
            question: c.req.valid("json").question,
            now: now(),
          }),
        ),
    );

  const copyFiles = new Hono<AppEnv>().get(
    "/files/:fileId",
    requireAuth,
    declare({ servesStoredFile: true }),
    validate("param", fileParam),
    async (c) => {
      const { stored, contentType } = await openCopyFile(db, {
        storage: deps.storage,
        viewer: viewerOf(c),
        fileId: c.req.valid("param").fileId,
        now: now(),
      });
      return privateFileResponse(stored, contentType);
    },
  );

  const mentorRoutes = new Hono<AppEnv>()
    .get("/queue", mentor, validate("query", mentorQueueQuerySchema), async (c) =>
      c.json(await listQueue(db, { query: c.req.valid("query"), now: now() })),
    )
    .get("/desk", mentor, async (c) =>
      c.json(await mentorDesk(db, { viewer: viewerOf(c), now: now() })),
    )
    .get("/settings", mentor, async (c) => {
      const settings = await getEvaluationSettings(db);
      return c.json({ mentorsMayPublishQuestions: settings.mentorsMayPublishQuestions });
    })
    .post("/copies/:id/claim", mentor, validate("param", idParamSchema), async (c) =>
      c.json(
        await claimCopy(db, { viewer: viewerOf(c), copyId: c.req.valid("param").id, now: now() }),
      ),
    )
    .get("/copies/:id", mentor, validate("param", idParamSchema), async (c) =>
      c.json(
        await getMentorCopy(db, {
          viewer: viewerOf(c),
          copyId: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .put(
      "/copies/:id/evaluation",
      mentor,
      validate("param", idParamSchema),
      validate("json", evaluationDraftSchema),
      async (c) =>
        c.json(
          await saveDraft(db, {
            viewer: viewerOf(c),
            copyId: c.req.valid("param").id,
            draft: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .post(
      "/copies/:id/publish",
      mentor,
      validate("param", idParamSchema),
      validate("json", evaluationDraftSchema),
      async (c) => {
        const { copy } = await publishEvaluation(db, {
          outbox: deps.outbox,
          viewer: viewerOf(c),
          copyId: c.req.valid("param").id,
          draft: c.req.valid("json"),
          now: now(),
        });
        return c.json(copy);
      },
    )
    .post(
      "/copies/:id/follow-up-answer",
      mentor,
      validate("param", idParamSchema),
      validate("json", followUpAnswerSchema),
      async (c) =>
        c.json(
          await answerFollowUp(db, {
            viewer: viewerOf(c),
            copyId: c.req.valid("param").id,
            answer: c.req.valid("json").answer,
            now: now(),
          }),
        ),
    )
    .post(
      "/invitations/accept",
      requireAuth,
      refreshesAll,
      validate("json", invitationTokenSchema),
      async (c) => {
        const viewer = viewerOf(c);
        return c.json(
          await acceptInvitation(db, { viewer, token: c.req.valid("json").token, now: now() }),
        );
      },
    );

  const adminRoutes = new Hono<AppEnv>()
    .get("/mentors", admin, validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listMentors(db, { query: c.req.valid("query"), now: now() })),
    )
    .post("/mentors", admin, refreshesAll, validate("json", mentorEmailSchema), async (c) =>
      c.json(await promoteToMentor(db, c.req.valid("json").email), 201),
    )
    .post("/mentors/invitations", admin, validate("json", mentorEmailSchema), async (c) => {
      const { email } = c.req.valid("json");
      await inviteMentor(db, { deps, email, invitedBy: viewerOf(c).userId });
      return c.json({ invited: email }, 201);
    })
    .delete("/mentors/:id", admin, refreshesAll, validate("param", mentorIdParam), async (c) =>
      c.json(await demoteMentor(db, { mentorId: c.req.valid("param").id, now: now() })),
    )
    .get("/evaluations/summary", admin, async (c) => c.json(await evaluationSummary(db, now())))
    .get("/evaluations", admin, validate("query", adminCopiesQuery), async (c) =>
      c.json(await listCopiesForAdmin(db, { query: c.req.valid("query"), now: now() })),
    )
    .get("/evaluations/:id", admin, validate("param", idParamSchema), async (c) =>
      c.json(
        await getMentorCopy(db, {
          viewer: viewerOf(c),
          copyId: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .post(
      "/evaluations/:id/reassign",
      admin,
      validate("param", idParamSchema),
      validate("json", reassignSchema),
      async (c) =>
        c.json(
          await reassignCopy(db, {
            copyId: c.req.valid("param").id,
            mentorId: c.req.valid("json").mentorId,
            now: now(),
          }),
        ),
    )
    .get("/evaluation-settings", admin, async (c) => c.json(await getEvaluationSettings(db)))
    .put("/evaluation-settings", admin, validate("json", evaluationSettingsSchema), async (c) =>
      c.json(await updateEvaluationSettings(db, c.req.valid("json"))),
    )
    .put(
      "/evaluation-settings/rubrics/:paper",
      admin,
      validate("param", paperParam),
      validate("json", z.object({ parts: rubricSchema })),
      async (c) =>
        c.json(
          await setRubric(db, {
            paper: c.req.valid("param").paper,
            parts: c.req.valid("json").parts,
          }),
        ),
    );

  /** Mains questions for their editors: admins, and mentors while admins allow it. */
  const questionRoutes = new Hono<AppEnv>()
    .get("/", questionEditors, validate("query", mainsQuestionListQuerySchema), async (c) =>
      c.json(await listMainsQuestions(db, c.req.valid("query"))),
    )
    .post("/", questionEditors, validate("json", mainsQuestionSchema), async (c) =>
      c.json(
        {
          id: await createMainsQuestion(db, {
            input: c.req.valid("json"),
            createdBy: viewerOf(c).userId,
          }),
        },
        201,
      ),
    )
    .put(
      "/:id",
      questionEditors,
      validate("param", idParamSchema),
      validate("json", mainsQuestionSchema),
      async (c) => {
        await updateMainsQuestion(db, { id: c.req.valid("param").id, input: c.req.valid("json") });
        return c.json({ id: c.req.valid("param").id });
      },
    )
    .delete("/:id", admin, validate("param", idParamSchema), async (c) => {
      const keys = await deleteMainsQuestion(db, c.req.valid("param").id);
      for (const key of keys)
        await deps.storage.delete("answer_copies", key).catch(() => undefined);
      return c.json({ id: c.req.valid("param").id });
    });

  return { answerEvaluation, copyFiles, mentorRoutes, adminRoutes, questionRoutes };
}
