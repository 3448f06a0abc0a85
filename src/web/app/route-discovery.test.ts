import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../../shared/route-catalog.ts";
import { routeDiscovery, withPositionIds } from "./route-discovery.ts";
import { createRoutes } from "./router.tsx";

/** A served path of the catalog with its parameters filled in. */
const concrete = (path: string) =>
  `/${path.replace(/^\//, "")}`
    .replace(/:[A-Za-z]+\??/g, "00000000-0000-4000-8000-000000000001")
    .replace("*", "x");

/** The app's routes without their code, data and elements: only what matching reads. */
function shapes(list: RouteObject[]): RouteObject[] {
  return list.map((route) => ({
    id: route.id,
    ...(route.index ? { index: true } : { path: route.path }),
    ...(route.children ? { children: shapes(route.children) } : {}),
  })) as RouteObject[];
}

const all = shapes(withPositionIds(createRoutes(new QueryClient())));
const idsOf = (path: string) =>
  (matchRoutes(all, path) ?? []).map((match) => match.route.id as string);
const paths = [...ROUTE_CATALOG.map((entry) => concrete(entry.path)), "/no-such-page"];

describe("routeDiscovery", () => {
  it("starts with the server's branch only", () => {
    const { routes } = routeDiscovery(all, idsOf("/news"));
    expect(routes).toHaveLength(1);
    expect(routes[0]?.children?.map((route) => route.path)).toEqual(["news"]);
  });

  it("keeps every route without the server's ids", () => {
    expect(routeDiscovery(all, null).routes).toBe(all);
  });

  it("gives the positions React Router would, and keeps an id a route has", () => {
    const [root] = withPositionIds([{ children: [{ path: "a" }, { id: "b", path: "b" }] }]);
    expect(root?.id).toBe("0");
    expect(root?.children?.map((route) => route.id)).toEqual(["0-0", "b"]);
  });

  it.each(["/", "/news", "/student/dashboard", "/no-such-page"])(
    "from %s, a navigation to any route matches the routes the full table matches",
    async (start) => {
      const { routes, patchRoutesOnNavigation } = routeDiscovery(all, idsOf(start));
      const router = createMemoryRouter(routes, {
        initialEntries: [start],
        patchRoutesOnNavigation,
      });
      for (const path of paths) {
        await router.navigate(path);
        expect(
          router.state.matches.map((match) => match.route.id),
          `${start} → ${path}`,
        ).toEqual(idsOf(path));
      }
      router.dispose();
    },
  );
});
