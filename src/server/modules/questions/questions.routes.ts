import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { questionInputSchema } from "../../../shared/exams.ts";
import { paginationQuerySchema } from "../../../shared/pagination.ts";
import { text } from "../../../shared/text.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import {
  createQuestion,
  deleteQuestion,
  importQuestionsCsv,
  listQuestions,
  updateQuestion,
} from "./questions.service.ts";

const listQuerySchema = paginationQuerySchema.extend({
  search: text().trim().max(200).optional(),
  examId: z.uuid().optional(),
  quizId: z.uuid().optional(),
});

const IMPORT_MESSAGE = "Please select an exam and a CSV file.";
const importSchema = z
  .object({
    examId: z
      .uuid(IMPORT_MESSAGE)
      .nullish()
      .transform((v) => v ?? null),
    quizId: z
      .uuid(IMPORT_MESSAGE)
      .nullish()
      .transform((v) => v ?? null),
    csv: text(
      "The CSV file contains a null character (U+0000). Remove it and upload the file again.",
    ).min(1, IMPORT_MESSAGE),
  })
  .refine((v) => (v.examId === null) !== (v.quizId === null), { message: IMPORT_MESSAGE });

const CSV_BODY_LIMIT = 15 * 1024 * 1024;

export function createAdminQuestionRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", listQuerySchema), async (c) =>
      c.json(await listQuestions(db, c.req.valid("query"))),
    )
    .post("/", validate("json", questionInputSchema), async (c) =>
      c.json(await createQuestion(db, c.req.valid("json")), 201),
    )
    .post(
      "/import",
      bodyLimit({
        maxSize: CSV_BODY_LIMIT,
        onError: () => {
          throw new AppError("PAYLOAD_TOO_LARGE", "The CSV file is too large (15 MB at most).");
        },
      }),
      validate("json", importSchema),
      async (c) => c.json(await importQuestionsCsv(db, c.req.valid("json"))),
    )
    .put(
      "/:id",
      validate("param", idParamSchema),
      validate("json", questionInputSchema),
      async (c) => c.json(await updateQuestion(db, c.req.valid("param").id, c.req.valid("json"))),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteQuestion(db, c.req.valid("param").id)),
    );
}
