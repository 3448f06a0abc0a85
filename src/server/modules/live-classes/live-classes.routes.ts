import { Hono } from "hono";
import {
  adminLiveClassListQuerySchema,
  liveClassListQuerySchema,
  liveClassSchema,
} from "../../../shared/live-classes.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { readerLanguage } from "../../lib/reader-language.ts";
import { validate } from "../../lib/validate.ts";
import { liveClassCalendar } from "./calendar-file.ts";
import {
  classForCalendar,
  createLiveClass,
  deleteLiveClass,
  getLiveClass,
  joinLiveClass,
  listLiveClasses,
  listLiveClassesForAdmin,
  nextLiveClass,
  setReminder,
  updateLiveClass,
} from "./live-classes.ts";

export type LiveClassDeps = {
  publicUrl: string;
  appTitle: () => Promise<string>;
  /** The clock (tests move it). */
  now?: () => Date;
};

/**
 * Live classes (decision 043). The schedule is public (a visitor sees what is on, and premium
 * classes as locked); joining and reminders need an account; the join link is only ever a
 * redirect after the access check.
 */
export function createLiveClassRoutes(db: Db, deps: LiveClassDeps) {
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .get("/", validate("query", liveClassListQuerySchema), async (c) =>
      c.json(
        await listLiveClasses(db, {
          viewer: c.get("viewer"),
          query: c.req.valid("query"),
          now: now(),
        }),
      ),
    )
    .get("/next", async (c) =>
      c.json({ liveClass: await nextLiveClass(db, { viewer: c.get("viewer"), now: now() }) }),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(
        await getLiveClass(db, {
          viewer: c.get("viewer"),
          id: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .get("/:id/calendar.ics", validate("param", idParamSchema), async (c) => {
      const row = await classForCalendar(db, c.req.valid("param").id);
      const viewer = c.get("viewer");
      const body = liveClassCalendar({
        ...row,
        language: await readerLanguage(db, viewer?.userId ?? null, c.req.header("cookie")),
        pageUrl: `${deps.publicUrl}/live-classes`,
        host: new URL(deps.publicUrl).hostname,
        appTitle: await deps.appTitle(),
        now: now(),
      });
      return c.body(body, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="live-class-${row.id}.ics"`,
      });
    })
    .get("/:id/join", requireAuth, validate("param", idParamSchema), async (c) => {
      const url = await joinLiveClass(db, {
        viewer: viewerOf(c),
        id: c.req.valid("param").id,
        now: now(),
      });
      return c.redirect(url, 302);
    })
    .put("/:id/reminder", requireAuth, validate("param", idParamSchema), async (c) =>
      c.json(
        await setReminder(db, {
          viewer: viewerOf(c),
          id: c.req.valid("param").id,
          on: true,
          now: now(),
        }),
      ),
    )
    .delete("/:id/reminder", requireAuth, validate("param", idParamSchema), async (c) =>
      c.json(
        await setReminder(db, {
          viewer: viewerOf(c),
          id: c.req.valid("param").id,
          on: false,
          now: now(),
        }),
      ),
    );
}

/** /api/admin/live-classes: the schedule's editors. */
export function createAdminLiveClassRoutes(db: Db, deps: Pick<LiveClassDeps, "now">) {
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", adminLiveClassListQuerySchema), async (c) =>
      c.json(await listLiveClassesForAdmin(db, { query: c.req.valid("query"), now: now() })),
    )
    .post("/", validate("json", liveClassSchema), async (c) =>
      c.json({ id: await createLiveClass(db, c.req.valid("json")) }, 201),
    )
    .put("/:id", validate("param", idParamSchema), validate("json", liveClassSchema), async (c) => {
      await updateLiveClass(db, {
        id: c.req.valid("param").id,
        input: c.req.valid("json"),
        now: now(),
      });
      return c.json({ id: c.req.valid("param").id });
    })
    .delete("/:id", validate("param", idParamSchema), async (c) => {
      await deleteLiveClass(db, c.req.valid("param").id);
      return c.json({ id: c.req.valid("param").id });
    });
}
