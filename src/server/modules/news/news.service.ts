import { count, desc, eq, sql } from "drizzle-orm";
import type { NewsInput } from "../../../shared/news.ts";
import { newsInputSchema } from "../../../shared/news.ts";
import { NEWS_MESSAGES } from "../../../shared/news-constants.ts";
import type { Page } from "../../../shared/pagination.ts";
import { createExcerpt } from "../../../shared/rich-text.ts";
import type { Db } from "../../db/client.ts";
import { dailyNewsAnalysis } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { htmlToText, sanitizeNewsHtml } from "./sanitize-news-html.ts";

export type NewsEntry = typeof dailyNewsAnalysis.$inferSelect;
export type NewsSummary = Pick<
  NewsEntry,
  "id" | "title" | "excerpt" | "titleHi" | "excerptHi" | "publishedDate" | "createdAt" | "updatedAt"
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ListNewsInput = { page: number; pageSize: number };

/** Newest first (spec: published date, then created time). */
export async function listNews(db: Db, page: ListNewsInput): Promise<Page<NewsSummary>> {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: dailyNewsAnalysis.id,
        title: dailyNewsAnalysis.title,
        excerpt: dailyNewsAnalysis.excerpt,
        titleHi: dailyNewsAnalysis.titleHi,
        excerptHi: dailyNewsAnalysis.excerptHi,
        publishedDate: dailyNewsAnalysis.publishedDate,
        createdAt: dailyNewsAnalysis.createdAt,
        updatedAt: dailyNewsAnalysis.updatedAt,
      })
      .from(dailyNewsAnalysis)
      .orderBy(desc(dailyNewsAnalysis.publishedDate), desc(dailyNewsAnalysis.createdAt))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(dailyNewsAnalysis),
  ]);
  return { items, total: total?.value ?? 0, page: page.page, pageSize: page.pageSize };
}

/** Sitemaps hold at most 50,000 URLs. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Every article's id and last change for /sitemap.xml, newest first, at most `limit` of them
 * (the order of the list page, so daily_news_published_created_idx serves it).
 */
export async function listNewsForSitemap(
  db: Db,
  limit: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  if (limit <= 0) return [];
  return db
    .select({ id: dailyNewsAnalysis.id, updatedAt: dailyNewsAnalysis.updatedAt })
    .from(dailyNewsAnalysis)
    .orderBy(desc(dailyNewsAnalysis.publishedDate), desc(dailyNewsAnalysis.createdAt))
    .limit(limit);
}

export async function findNews(db: Db, newsId: string): Promise<NewsEntry | null> {
  if (!UUID.test(newsId)) return null;
  const [row] = await db.select().from(dailyNewsAnalysis).where(eq(dailyNewsAnalysis.id, newsId));
  return row ?? null;
}

export async function getNews(db: Db, newsId: string): Promise<NewsEntry> {
  const row = await findNews(db, newsId);
  if (!row) throw new AppError("NOT_FOUND", NEWS_MESSAGES.notFound);
  return row;
}

/** The body sanitised, and its excerpt: the admin's, else the text's first 200 characters (spec). */
function bodyOf(html: string, givenExcerpt: string | null) {
  const content = sanitizeNewsHtml(html);
  const text = htmlToText(content);
  return { content, text, excerpt: givenExcerpt || createExcerpt(text) || null };
}

/**
 * Sanitises the HTML and fills a blank excerpt, for the English and the optional Hindi version
 * alike. A Hindi body with neither text nor a picture or video (an emptied editor) is none.
 */
function prepareNews(input: NewsInput) {
  const parsed = newsInputSchema.parse(input);
  const english = bodyOf(parsed.content, parsed.excerpt);
  const hindi = bodyOf(parsed.contentHi ?? "", parsed.excerptHi);
  const hasHindiBody = hindi.text !== "" || /<(img|iframe)\b/i.test(hindi.content);
  return {
    title: parsed.title,
    content: english.content,
    excerpt: english.excerpt,
    titleHi: parsed.titleHi,
    contentHi: hasHindiBody ? hindi.content : null,
    excerptHi: hindi.excerpt,
    publishedDate: parsed.publishedDate,
  };
}

export async function createNews(db: Db, input: NewsInput): Promise<NewsEntry> {
  const [row] = await db.insert(dailyNewsAnalysis).values(prepareNews(input)).returning();
  if (!row) throw new Error("news insert returned no row");
  return row;
}

export type UpdateNewsInput = {
  newsId: string;
  input: NewsInput;
};

export async function updateNews(db: Db, { newsId, input }: UpdateNewsInput): Promise<NewsEntry> {
  await getNews(db, newsId);
  const [row] = await db
    .update(dailyNewsAnalysis)
    .set({ ...prepareNews(input), updatedAt: sql`now()` })
    .where(eq(dailyNewsAnalysis.id, newsId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", NEWS_MESSAGES.notFound);
  return row;
}

export async function deleteNews(db: Db, newsId: string): Promise<void> {
  if (!UUID.test(newsId)) throw new AppError("NOT_FOUND", NEWS_MESSAGES.notFound);
  const deleted = await db
    .delete(dailyNewsAnalysis)
    .where(eq(dailyNewsAnalysis.id, newsId))
    .returning({ id: dailyNewsAnalysis.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", NEWS_MESSAGES.notFound);
}
