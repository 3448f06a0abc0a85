import type { RouteObject } from "react-router";

/**
 * The routes the server matched (their ids, from the page state), found by walking the tree:
 * React Router's id for a route without its own is its position, e.g. "0-3-1". Cheaper on a
 * phone than `matchRoutes`, which ranks every route of the app and compiles their patterns; the
 * router does that once more anyway when it starts.
 */
export function routesWithIds(list: RouteObject[], ids: readonly string[]): RouteObject[] {
  const wanted = new Set(ids);
  const found: RouteObject[] = [];
  const walk = (routes: RouteObject[], parent: string | null) => {
    routes.forEach((route, index) => {
      const position = parent === null ? String(index) : `${parent}-${index}`;
      if (wanted.has(route.id ?? position)) found.push(route);
      if (route.children) walk(route.children, position);
    });
  };
  walk(list, null);
  return found;
}
