import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from "react-router";

/**
 * Gives every route its position as its id ("0-3-1"), the id React Router gives a route without
 * one, so the server's ids (the page state's `routeIds`, the loader data it hydrates) name the same
 * routes in a smaller tree (`startingRoutes`).
 */
export function withPositionIds(list: RouteObject[], parent: string | null = null): RouteObject[] {
  return list.map((route, index) => {
    const id = route.id ?? (parent === null ? String(index) : `${parent}-${index}`);
    const children = route.children ? withPositionIds(route.children, id) : undefined;
    return { ...route, id, ...(children ? { children } : {}) } as RouteObject;
  });
}

const idsUnder = (route: RouteObject): string[] => [
  route.id as string,
  ...(route.children ?? []).flatMap(idsUnder),
];

/**
 * The router's routes at start and how it finds the rest (React Router's lazy route discovery,
 * decision 054). Made with every route, the router flattened, ranked and compiled all ~150 of
 * them before the first render (tens of milliseconds of a phone's main thread, the page's Total
 * Blocking Time); it now starts with the branch the server matched (`ids`, outermost first) and,
 * on a navigation to a path that branch does not serve, adds the routes that serve it.
 * Without `ids` (no page state: `npm run dev`'s shell) it starts with every route.
 */
export function routeDiscovery(all: RouteObject[], ids: readonly string[] | null) {
  if (!ids?.length) return { routes: all, patchRoutesOnNavigation: undefined };
  // The routes the router has: the server's branch at first, then each one patched in.
  const known = new Set(ids);
  const prune = (list: RouteObject[]): RouteObject[] =>
    list
      .filter((route) => known.has(route.id as string))
      .map((route) =>
        route.children ? ({ ...route, children: prune(route.children) } as RouteObject) : route,
      );
  const routes = prune(all);
  const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = ({ path, patch }) => {
    let parent: string | null = null;
    for (const { route } of matchRoutes(all, path) ?? []) {
      const id = route.id as string;
      if (!known.has(id)) {
        // The first route the router lacks comes with all its children, so a later navigation
        // under it needs nothing more.
        patch(parent, [route]);
        for (const added of idsUnder(route)) known.add(added);
        return;
      }
      parent = id;
    }
  };
  return { routes, patchRoutesOnNavigation };
}
