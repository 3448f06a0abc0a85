import { Hono } from "hono";
import { z } from "zod";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import {
  QUIZ_PDF_MAX_BYTES,
  QUIZ_PDF_MESSAGES,
  quizInputSchema,
  quizPdfFormSchema,
} from "../../../shared/quizzes.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import {
  createQuiz,
  deleteQuiz,
  listQuizOptions,
  listQuizzesForAdmin,
  removeQuizPdf,
  updateQuiz,
  uploadQuizPdf,
} from "./quiz-admin.service.ts";

const pdfForm = quizPdfFormSchema.extend({
  file: z.instanceof(File, { message: QUIZ_PDF_MESSAGES.missing }),
});

/** /api/admin/quizzes: the admin's quiz screen (questions go through /api/admin/questions). */
export function createAdminQuizRoutes(db: Db, storage: FileStorage) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listQuizzesForAdmin(db, c.req.valid("query"))),
    )
    .get("/options", async (c) => c.json(await listQuizOptions(db)))
    .post("/", validate("json", quizInputSchema), async (c) =>
      c.json(await createQuiz(db, c.req.valid("json")), 201),
    )
    .put("/:id", validate("param", idParamSchema), validate("json", quizInputSchema), async (c) =>
      c.json(await updateQuiz(db, { id: c.req.valid("param").id, input: c.req.valid("json") })),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteQuiz(db, { storage, id: c.req.valid("param").id })),
    )
    .post(
      "/:id/pdf",
      uploadLimit(QUIZ_PDF_MAX_BYTES, QUIZ_PDF_MESSAGES.tooLarge),
      validate("param", idParamSchema),
      validate("form", pdfForm),
      async (c) =>
        c.json(
          await uploadQuizPdf(db, {
            storage,
            quizId: c.req.valid("param").id,
            file: c.req.valid("form").file,
            hasNoAnswers: c.req.valid("form").hasNoAnswers,
          }),
        ),
    )
    .delete("/:id/pdf", validate("param", idParamSchema), async (c) =>
      c.json(await removeQuizPdf(db, { storage, quizId: c.req.valid("param").id })),
    );
}
