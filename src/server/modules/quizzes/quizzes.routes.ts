import { Hono } from "hono";
import { quizListQuerySchema } from "../../../shared/quizzes.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { getQuizPdf, setBookmark } from "./quiz-bookmarks.service.ts";
import { listQuizzesForStudent } from "./quiz-list.service.ts";

/**
 * Students' (and admins') quiz routes: GET /api/quizzes (the list), PUT and DELETE
 * /api/quizzes/:id/bookmark, GET /api/quizzes/:id/pdf. Starting an attempt is the engine's
 * POST /api/quizzes/:quizId/attempts (attempts.routes.ts).
 */
export function createQuizRoutes(db: Db, storage: FileStorage) {
  return new Hono<AppEnv>()
    .use("*", requireRole("student", "admin"))
    .get("/", validate("query", quizListQuerySchema), async (c) => {
      const query = c.req.valid("query");
      return c.json(
        await listQuizzesForStudent(db, {
          userId: viewerOf(c).userId,
          role: viewerOf(c).role,
          filter: query.filter,
          page: query.page,
        }),
      );
    })
    .put("/:id/bookmark", validate("param", idParamSchema), async (c) =>
      c.json(
        await setBookmark(db, {
          viewer: viewerOf(c),
          quizId: c.req.valid("param").id,
          saved: true,
        }),
      ),
    )
    .delete("/:id/bookmark", validate("param", idParamSchema), async (c) =>
      c.json(
        await setBookmark(db, {
          viewer: viewerOf(c),
          quizId: c.req.valid("param").id,
          saved: false,
        }),
      ),
    )
    .get(
      "/:id/pdf",
      declare({ servesStoredFile: true }),
      validate("param", idParamSchema),
      async (c) => {
        const { file, fileName } = await getQuizPdf(db, {
          storage,
          viewer: viewerOf(c),
          quizId: c.req.valid("param").id,
        });
        const headers: Record<string, string> = {
          "Content-Type": "application/pdf",
          "Cache-Control": "private, max-age=300",
          "X-Content-Type-Options": "nosniff",
          "Content-Disposition": `inline; filename="${fileName}"`,
        };
        if (file.size !== undefined) headers["Content-Length"] = String(file.size);
        return c.body(file.body, 200, headers);
      },
    );
}
