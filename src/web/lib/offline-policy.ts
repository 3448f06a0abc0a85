/**
 * What the service worker keeps for offline use, and nothing else (decision 045). One list,
 * read by the worker (src/web/sw/sw.ts) and by the page (sign-out empties the private cache).
 * Plain functions of a path: no DOM and no worker types, so both sides and the tests share it.
 */

/** Every cache the worker writes; any other name it finds (an older scheme) is deleted. */
export const CACHES = {
  /** This build's shell and core files: `precache-<build>`, one per build. */
  precachePrefix: "precache-",
  /** Hashed build files fetched later: immutable by name, so shared by every build. */
  assets: "assets",
  /** Public content a reader opened: news articles, and the site's public settings. */
  publicReading: "reading-public",
  /**
   * Notes the signed-in student opened: access-controlled, so emptied when anyone signs out or
   * in, and when the server says nobody is signed in.
   */
  privateReading: "reading-private",
} as const;

export type ReadingCache = typeof CACHES.publicReading | typeof CACHES.privateReading;

/** The built shell: index.html as Vite wrote it, with no viewer and no page data in it. */
export const SHELL_URL = "/index.html";

/** How many hashed files fetched after install the worker keeps (oldest dropped first). */
export const MAX_RUNTIME_ASSETS = 150;
/** How many opened articles and notes each reading cache keeps (oldest dropped first). */
export const MAX_READING_ENTRIES = 60;

const ID = "([A-Za-z0-9_-]{1,64})";

/**
 * The pages that can be read offline, each with the one API answer that fills it. The allow-list
 * of API answers below is exactly these answers plus the public settings.
 */
const OFFLINE_PAGES: { page: RegExp; data: (id: string) => string; cache: ReadingCache }[] = [
  {
    page: new RegExp(`^/news/${ID}$`),
    data: (id) => `/api/news/${id}`,
    cache: CACHES.publicReading,
  },
  {
    page: new RegExp(`^/student/study-materials/notes/${ID}$`),
    data: (id) => `/api/notes/${id}`,
    cache: CACHES.privateReading,
  },
];

/** Public answers any page needs to draw its header and footer (the title, the logo). */
const PUBLIC_SETTINGS = "/api/settings/public";

/**
 * The reading cache a GET of this API path may be kept in, or null: never cached. An explicit
 * allow-list, so a new route is never cached by accident (the account, attempts, results,
 * answers, analysis, evaluations, payments and everything else answer null).
 */
export function readingCacheFor(pathname: string): ReadingCache | null {
  if (pathname === PUBLIC_SETTINGS) return CACHES.publicReading;
  const news = pathname.match(new RegExp(`^/api/news/${ID}$`));
  if (news) return CACHES.publicReading;
  const note = pathname.match(new RegExp(`^/api/notes/${ID}$`));
  // "/api/notes/progress" is the student's reading progress, not a note.
  if (note && note[1] !== "progress") return CACHES.privateReading;
  return null;
}

/** For a page that can be read offline, the API answer it needs (and its cache); else null. */
export function offlineDataFor(pathname: string): { url: string; cache: ReadingCache } | null {
  for (const { page, data, cache } of OFFLINE_PAGES) {
    const id = pathname.match(page)?.[1];
    if (id) return { url: data(id), cache };
  }
  return null;
}

/** The page that shows a cached API answer (for the offline page's list of saved reading). */
export function pageForData(pathname: string): { page: string; kind: "article" | "note" } | null {
  const news = pathname.match(new RegExp(`^/api/news/${ID}$`))?.[1];
  if (news) return { page: `/news/${news}`, kind: "article" };
  const note = pathname.match(new RegExp(`^/api/notes/${ID}$`))?.[1];
  if (note && note !== "progress") {
    return { page: `/student/study-materials/notes/${note}`, kind: "note" };
  }
  return null;
}

/**
 * Requests after which the private cache must go: a sign-out (even one that fails: the page
 * forgets the session anyway) and any sign-in, which may be another person on this device.
 */
export function endsPrivateReading(method: string, pathname: string): boolean {
  if (method !== "POST") return false;
  return (
    pathname === "/api/auth/sign-out" ||
    pathname.startsWith("/api/auth/sign-in/") ||
    pathname.startsWith("/api/auth/sign-up/") ||
    pathname.startsWith("/api/auth/two-factor/verify")
  );
}

/** A hashed file of a build (Vite writes them under /assets/ with the hash in the name). */
export function isBuildAsset(pathname: string): boolean {
  return pathname.startsWith("/assets/");
}
