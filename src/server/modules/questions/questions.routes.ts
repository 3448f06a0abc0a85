import { Hono } from "hono";
import { questionImportSchema, questionInputSchema } from "../../../shared/exams.ts";
import { questionListQuerySchema } from "../../../shared/list-queries.ts";
import {
  CSV_EXAMPLE,
  CSV_EXAMPLE_FILE_NAME,
  CSV_TEMPLATE,
  CSV_TEMPLATE_FILE_NAME,
} from "../../../shared/question-csv.ts";
import { questionBulkTagSchema } from "../../../shared/taxonomy.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import { uploadBodyLimit } from "../../storage/upload-limit.ts";
import { importQuestionsCsv } from "./csv-import.service.ts";
import {
  createQuestion,
  deleteQuestion,
  listQuestions,
  tagQuestions,
  updateQuestion,
} from "./questions.service.ts";

function csvDownload(body: string, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-cache",
    },
  });
}

/** The import dialog's promise: a CSV file of up to 15 MB, for the import and its dry run. */
export const CSV_BODY_LIMIT = 15 * 1024 * 1024;
export const CSV_BODY_LIMIT_MESSAGE = "The CSV file is too large (15 MB at most).";
const csvBodyLimit = uploadBodyLimit(CSV_BODY_LIMIT, CSV_BODY_LIMIT_MESSAGE);

export function createAdminQuestionRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", questionListQuerySchema), async (c) =>
      c.json(await listQuestions(db, c.req.valid("query"))),
    )
    .post("/", validate("json", questionInputSchema), async (c) =>
      c.json(await createQuestion(db, c.req.valid("json")), 201),
    )
    .post("/tag", validate("json", questionBulkTagSchema), async (c) =>
      c.json(await tagQuestions(db, c.req.valid("json"))),
    )
    .get("/csv-template", () => csvDownload(CSV_TEMPLATE, CSV_TEMPLATE_FILE_NAME))
    .get("/csv-example", () => csvDownload(CSV_EXAMPLE, CSV_EXAMPLE_FILE_NAME))
    .post("/import", csvBodyLimit, validate("form", questionImportSchema), async (c) => {
      const { file, ...input } = c.req.valid("form");
      const csv = new Uint8Array(await file.arrayBuffer());
      return c.json(await importQuestionsCsv(db, { ...input, csv }));
    })
    .put(
      "/:id",
      validate("param", idParamSchema),
      validate("json", questionInputSchema),
      async (c) =>
        c.json(
          await updateQuestion(db, { id: c.req.valid("param").id, input: c.req.valid("json") }),
        ),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteQuestion(db, c.req.valid("param").id)),
    );
}
