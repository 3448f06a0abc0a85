import { Hono } from "hono";
import {
  faqInputSchema,
  legalPageInputSchema,
  legalSlugSchema,
} from "../../../shared/legal-schemas.ts";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { bodyLimit } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import {
  createFaq,
  deleteFaq,
  getLegalPage,
  listFaqsForAdmin,
  listLegalPagesForAdmin,
  listPublishedFaqs,
  saveLegalPage,
  updateFaq,
} from "./legal.service.ts";

/** A page's HTML, like a news article's, may hold images pasted into the editor. */
const pageLimit = bodyLimit(4 * 1024 * 1024, "The content is too long.");

/** /api/legal: the legal pages and the FAQs, for everyone. */
export function createLegalRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get("/pages/:slug", validate("param", legalSlugSchema), async (c) =>
      c.json(await getLegalPage(db, c.req.valid("param").slug)),
    )
    .get("/faqs", async (c) => c.json(await listPublishedFaqs(db)));
}

/** /api/admin/legal: writing the pages and managing the FAQs. */
export function createAdminLegalRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/pages", async (c) => c.json(await listLegalPagesForAdmin(db)))
    .put(
      "/pages/:slug",
      pageLimit,
      validate("param", legalSlugSchema),
      validate("json", legalPageInputSchema),
      async (c) =>
        c.json(
          await saveLegalPage(db, { slug: c.req.valid("param").slug, input: c.req.valid("json") }),
        ),
    )
    .get("/faqs", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listFaqsForAdmin(db, c.req.valid("query"))),
    )
    .post("/faqs", validate("json", faqInputSchema), async (c) =>
      c.json(await createFaq(db, c.req.valid("json")), 201),
    )
    .put(
      "/faqs/:id",
      validate("param", idParamSchema),
      validate("json", faqInputSchema),
      async (c) =>
        c.json(await updateFaq(db, { id: c.req.valid("param").id, input: c.req.valid("json") })),
    )
    .delete("/faqs/:id", validate("param", idParamSchema), async (c) => {
      await deleteFaq(db, c.req.valid("param").id);
      return c.json({ ok: true });
    });
}
