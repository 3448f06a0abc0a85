import { createExcerpt } from "../../../shared/rich-text.ts";
import type { Db } from "../../db/client.ts";
import type { PageMeta } from "../../lib/page-meta.ts";
import { findCourseForMeta } from "./courses.ts";

/**
 * Link previews for /courses/{slug} (decision 043): the course's title, summary and canonical URL.
 * "not-found" for a slug no published course has; null for other paths.
 */
export function createCoursePageMeta(options: { db: Db; publicUrl: string }) {
  const origin = options.publicUrl.replace(/\/+$/, "");
  return async (path: string, appTitle: string): Promise<PageMeta | "not-found" | null> => {
    const match = path.match(/^\/courses\/([^/]+)\/?$/);
    if (!match?.[1]) return null;
    const slug = match[1];
    if (!/^[a-z0-9-]{1,80}$/.test(slug)) return "not-found";
    const course = await findCourseForMeta(options.db, slug);
    if (!course) return "not-found";
    return {
      title: `${course.title} · ${appTitle}`,
      description: createExcerpt(course.summary) || course.title,
      url: `${origin}/courses/${course.slug}`,
      type: "website",
      siteName: appTitle,
    };
  };
}
