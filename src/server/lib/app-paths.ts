import { type CatalogRoute, ROUTE_CATALOG } from "../../shared/route-catalog.ts";

/** A route pattern ("/news/:newsId") as a test for paths; ":name" matches one segment. */
function patternOf(routePath: string): RegExp {
  const segments = routePath
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
  // React Router matches without regard to case and with or without a trailing slash.
  return new RegExp(`^/${segments.join("/")}/?$`, "i");
}

const APP_ROUTES = ROUTE_CATALOG.filter((route) => route.path !== "*").map((route) =>
  patternOf(route.path),
);

/**
 * Whether the client router has a page for this path (src/shared/route-catalog.ts). The server
 * answers other paths with the app's shell and 404, so the app shows 'Page Not Found'.
 */
export function isAppPath(pathname: string): boolean {
  return APP_ROUTES.some((pattern) => pattern.test(pathname));
}

// A student's landing page and an exam's start screen, rendered from the data the HTML carries
// anyway (their buttons wait for the app: index.html's data-hydrating rule).
const RENDERED_PRIVATE_ROUTES = ["/student/dashboard", "/exam/:examId"].map(patternOf);

const PUBLIC_CATALOG = ROUTE_CATALOG.filter(
  (route) => route.path !== "*" && route.access === "public",
);
const PUBLIC_ROUTES = PUBLIC_CATALOG.map((route) => patternOf(route.path));

/** The public route (anyone may open it) a path is a page of, or null. */
export function publicRouteOf(pathname: string): CatalogRoute | null {
  const index = PUBLIC_ROUTES.findIndex((pattern) => pattern.test(pathname));
  return index === -1 ? null : (PUBLIC_CATALOG[index] ?? null);
}

/**
 * Whether the server renders this path's page into its HTML (decision 046): the pages anyone may
 * open, and the 'Page Not Found' page of a path the app has no route for. Pages behind sign-in
 * get the loading shell with their data (decision 046).
 */
export function isServerRenderedPath(pathname: string): boolean {
  return (
    !isAppPath(pathname) ||
    PUBLIC_ROUTES.some((pattern) => pattern.test(pathname)) ||
    RENDERED_PRIVATE_ROUTES.some((pattern) => pattern.test(pathname))
  );
}
