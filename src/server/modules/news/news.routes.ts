import { Hono } from "hono";
import { z } from "zod";
import { newsInputSchema } from "../../../shared/news.ts";
import { paginationQuerySchema } from "../../../shared/pagination.ts";
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from "../../../shared/uploads.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { bodyLimit } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import { createNews, deleteNews, getNews, listNews, updateNews } from "./news.service.ts";
import { uploadNewsImage } from "./news-images.service.ts";

/** An article's HTML may hold long analysis and many figures' markup. */
export const NEWS_BODY_LIMIT = 4 * 1024 * 1024;
export const NEWS_BODY_LIMIT_MESSAGE = "The content is too long.";
const contentLimit = bodyLimit(NEWS_BODY_LIMIT, NEWS_BODY_LIMIT_MESSAGE);

const imageForm = z.object({ file: z.instanceof(File, { message: UPLOAD_MESSAGES.fileMissing }) });

/** Public reading; writing and image upload for admins only. */
export function createNewsRoutes(db: Db, storage: FileStorage) {
  return new Hono<AppEnv>()
    .get("/", validate("query", paginationQuerySchema), async (c) => {
      return c.json(await listNews(db, c.req.valid("query")));
    })
    .get("/:newsId", async (c) => c.json(await getNews(db, c.req.param("newsId"))))
    .post(
      "/images",
      requireRole("admin"),
      uploadLimit(IMAGE_MAX_BYTES),
      validate("form", imageForm),
      async (c) => c.json(await uploadNewsImage(storage, c.req.valid("form").file), 201),
    )
    .post("/", requireRole("admin"), contentLimit, validate("json", newsInputSchema), async (c) => {
      return c.json(await createNews(db, c.req.valid("json")), 201);
    })
    .put(
      "/:newsId",
      requireRole("admin"),
      contentLimit,
      validate("json", newsInputSchema),
      async (c) =>
        c.json(await updateNews(db, { newsId: c.req.param("newsId"), input: c.req.valid("json") })),
    )
    .delete("/:newsId", requireRole("admin"), async (c) => {
      await deleteNews(db, c.req.param("newsId"));
      return c.json({ ok: true });
    });
}
