import { DEFAULT_APP_TITLE } from "../../../shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { isAppPath, publicRouteOf } from "../../lib/app-paths.ts";
import type { ShellPage } from "../../lib/spa.ts";
import { createCoursePageMeta } from "../courses/course-meta.ts";
import { createNewsPageMeta } from "../news/news-meta.ts";
import type { SettingsStore } from "../settings/settings-store.ts";
import { APP_ICONS } from "./site.service.ts";

/**
 * What the server answers for a page of the app: 404 for a path no route has and for a news id
 * no article has (the app then shows 'Page Not Found' or 'Article Not Found'), and for a course
 * slug no published course has; an article's or a course's own title and Open Graph tags, and
 * on every other public page the same full set from its route (its name, the shell's
 * description, its canonical URL); the logo as og:image wherever the page has no picture of its
 * own: the one the admin uploaded, else the generated icon. Pages behind sign-in get the image.
 */
export function createShellPage(options: { db: Db; settings: SettingsStore; publicUrl: string }) {
  const origin = options.publicUrl.replace(/\/+$/, "");
  const newsMeta = createNewsPageMeta(options);
  const courseMeta = createCoursePageMeta(options);
  return async (path: string): Promise<ShellPage> => {
    // The database away: the generated icon.
    const logoUrl = await options.settings.get().then(
      (settings) => settings.logoUrl,
      () => null,
    );
    const logo = `${origin}${logoUrl ?? APP_ICONS.large}`;
    if (!isAppPath(path)) return { status: 404, image: logo };
    const meta =
      (await newsMeta(path)) ??
      (await courseMeta(path, await options.settings.get().then((s) => s.appTitle)));
    if (meta === "not-found") return { status: 404, image: logo };
    if (meta) return { status: 200, meta: { ...meta, image: meta.image ?? logo } };
    const route = publicRouteOf(path);
    if (!route) return { status: 200, image: logo };
    const appTitle = await options.settings.get().then(
      (settings) => settings.appTitle,
      () => DEFAULT_APP_TITLE,
    );
    const canonical = route.path === "/" ? "/" : path.replace(/\/+$/, "");
    return {
      status: 200,
      meta: {
        title: route.path === "/" ? appTitle : `${route.title} · ${appTitle}`,
        url: `${origin}${canonical}`,
        type: "website",
        siteName: appTitle,
        image: logo,
        routeTitle: true,
      },
    };
  };
}
