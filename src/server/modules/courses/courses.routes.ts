import { Hono } from "hono";
import { z } from "zod";
import {
  adminCourseListQuerySchema,
  COURSE_MESSAGES,
  courseItemOptionsQuerySchema,
  courseSchema,
} from "../../../shared/courses.ts";
import { text } from "../../../shared/text.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { bodyLimit } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import {
  createCourse,
  deleteCourse,
  getCourseForAdmin,
  listCoursesForAdmin,
  listItemOptions,
  updateCourse,
} from "./course-admin.ts";
import { enrol, getCourse, listCourses } from "./courses.ts";

const slugParam = z.object({
  slug: text()
    .max(80)
    .regex(/^[a-z0-9-]+$/),
});
/** A course with a long description and its whole syllabus. */
const courseBody = bodyLimit(1024 * 1024, COURSE_MESSAGES.tooLarge);

/** /api/courses: the published courses and a course's syllabus (public), enrolling (students). */
export function createCourseRoutes(db: Db, deps: { now?: () => Date } = {}) {
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listCourses(db, { viewer: c.get("viewer"), now: now() })))
    .get("/:slug", validate("param", slugParam), async (c) =>
      c.json(
        await getCourse(db, {
          viewer: c.get("viewer"),
          slug: c.req.valid("param").slug,
          now: now(),
        }),
      ),
    )
    .post("/:slug/enrol", requireAuth, validate("param", slugParam), async (c) =>
      c.json(await enrol(db, { viewer: viewerOf(c), slug: c.req.valid("param").slug, now: now() })),
    );
}

/** /api/admin/courses: building courses by picking existing items. */
export function createAdminCourseRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", adminCourseListQuerySchema), async (c) =>
      c.json(await listCoursesForAdmin(db, c.req.valid("query"))),
    )
    .get("/item-options", validate("query", courseItemOptionsQuerySchema), async (c) =>
      c.json(await listItemOptions(db, c.req.valid("query"))),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await getCourseForAdmin(db, c.req.valid("param").id)),
    )
    .post("/", courseBody, validate("json", courseSchema), async (c) =>
      c.json({ id: await createCourse(db, c.req.valid("json")) }, 201),
    )
    .put(
      "/:id",
      courseBody,
      validate("param", idParamSchema),
      validate("json", courseSchema),
      async (c) => {
        await updateCourse(db, { id: c.req.valid("param").id, input: c.req.valid("json") });
        return c.json({ id: c.req.valid("param").id });
      },
    )
    .delete("/:id", validate("param", idParamSchema), async (c) => {
      await deleteCourse(db, c.req.valid("param").id);
      return c.json({ id: c.req.valid("param").id });
    });
}
