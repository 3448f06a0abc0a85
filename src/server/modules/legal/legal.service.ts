import { asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { LEGAL_PAGES, LEGAL_SLUGS, type LegalSlug } from "../../../shared/legal.ts";
import {
  type FaqInput,
  faqInputSchema,
  type LegalPageInput,
  legalPageInputSchema,
} from "../../../shared/legal-schemas.ts";
import type { Page } from "../../../shared/page.ts";
import type { Db } from "../../db/client.ts";
import { faqs, legalPages } from "../../db/schema/support.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { sanitizeNewsHtml } from "../news/sanitize-news-html.ts";

const PAGE_NOT_FOUND = "This page has not been written yet.";
const FAQ_NOT_FOUND = "FAQ not found.";

function toPageDto(row: typeof legalPages.$inferSelect) {
  return {
    slug: row.slug as LegalSlug,
    title: row.title,
    content: row.content,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page as the public reads it; one not written yet is not found. */
export async function getLegalPage(db: Db, slug: LegalSlug) {
  const [row] = await db.select().from(legalPages).where(eq(legalPages.slug, slug));
  if (!row) throw new AppError("NOT_FOUND", PAGE_NOT_FOUND);
  return toPageDto(row);
}

/**
 * The five pages for the admin, in a fixed order, each written or not, and whether it still holds
 * the demo text (a page of the kit's shape: there are never more than five).
 */
export async function listLegalPagesForAdmin(db: Db) {
  const rows = await db.select().from(legalPages);
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const items = LEGAL_SLUGS.map((slug) => {
    const row = bySlug.get(slug);
    return {
      id: slug,
      slug,
      path: LEGAL_PAGES[slug].path,
      title: row?.title ?? LEGAL_PAGES[slug].title,
      content: row?.content ?? "",
      isWritten: Boolean(row),
      needsReview: row?.needsReview ?? false,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
  return { items, total: items.length, page: 1, pageSize: items.length };
}

/**
 * Whether the site's own legal pages are up (the admin's setup checklist): all five written and
 * none still holding the demo text.
 */
export async function legalPagesReady(db: Db): Promise<boolean> {
  const rows = await db
    .select({ slug: legalPages.slug, needsReview: legalPages.needsReview })
    .from(legalPages);
  const reviewed = new Set(rows.filter((row) => !row.needsReview).map((row) => row.slug));
  return LEGAL_SLUGS.every((slug) => reviewed.has(slug));
}

export type SaveLegalPageInput = {
  slug: LegalSlug;
  input: LegalPageInput;
};

/** Writes a page (sanitised like a news article); saving clears the demo mark. */
export async function saveLegalPage(db: Db, { slug, input }: SaveLegalPageInput) {
  const parsed = legalPageInputSchema.parse(input);
  const content = sanitizeNewsHtml(parsed.content);
  if (!content.replace(/<[^>]*>/g, "").trim() && !/<img\b/.test(content)) {
    throw new AppError("VALIDATION_FAILED", "Write the page's text.");
  }
  const values = { title: parsed.title, content, needsReview: false, updatedAt: sql`now()` };
  const [row] = await db
    .insert(legalPages)
    .values({ slug, ...values })
    .onConflictDoUpdate({ target: legalPages.slug, set: values })
    .returning();
  if (!row) throw new Error("legal page upsert returned no row");
  return toPageDto(row);
}

type FaqRow = typeof faqs.$inferSelect;
const toFaqDto = (row: FaqRow) => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  sortOrder: row.sortOrder,
  isPublished: row.isPublished,
  updatedAt: row.updatedAt.toISOString(),
});

/** The public FAQ page: published questions in the admin's order (faqs_published_order_idx). */
export async function listPublishedFaqs(db: Db) {
  const rows = await db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.isPublished, true))
    .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt))
    .limit(500);
  return rows;
}

export type ListFaqsForAdminInput = { page: number; pageSize: number; search?: string };

export async function listFaqsForAdmin(
  db: Db,
  query: ListFaqsForAdminInput,
): Promise<Page<ReturnType<typeof toFaqDto>>> {
  const where = query.search
    ? or(
        ilike(faqs.question, containsPattern(query.search)),
        ilike(faqs.answer, containsPattern(query.search)),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(faqs)
      .where(where)
      .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(faqs).where(where),
  ]);
  return {
    items: rows.map(toFaqDto),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function createFaq(db: Db, input: FaqInput) {
  const values = faqInputSchema.parse(input);
  const [row] = await db.insert(faqs).values(values).returning();
  if (!row) throw new Error("faq insert returned no row");
  return toFaqDto(row);
}

export type UpdateFaqInput = {
  id: string;
  input: FaqInput;
};

export async function updateFaq(db: Db, { id, input }: UpdateFaqInput) {
  const values = faqInputSchema.parse(input);
  const [row] = await db
    .update(faqs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(faqs.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", FAQ_NOT_FOUND);
  return toFaqDto(row);
}

export async function deleteFaq(db: Db, id: string) {
  const deleted = await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", FAQ_NOT_FOUND);
}
