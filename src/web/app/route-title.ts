import { matchPath } from "react-router";
import { ROUTE_CATALOG } from "../../shared/route-catalog.ts";

/** The catalog's name for a location; "*" (Page Not Found) when no route matches. */
export function routeTitleFor(pathname: string): string | null {
  const specific = ROUTE_CATALOG.find(
    (route) => route.path !== "*" && matchPath({ path: route.path, end: true }, pathname),
  );
  return (specific ?? ROUTE_CATALOG.find((route) => route.path === "*"))?.title ?? null;
}
