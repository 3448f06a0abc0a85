import { QueryClient } from "@tanstack/react-query";
import { createStaticHandler, matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../../shared/route-catalog.ts";
import { routesWithIds } from "./route-ids.ts";
import { createRoutes } from "./router.tsx";

/** A served path of the catalog with its parameters filled in. */
const concrete = (path: string) =>
  `/${path.replace(/^\//, "")}`
    .replace(/:[A-Za-z]+\??/g, "00000000-0000-4000-8000-000000000001")
    .replace("*", "x");

describe("routesWithIds", () => {
  it("finds, from the ids React Router gives the server's matches, the routes matchRoutes finds, on every path", () => {
    const routes = createRoutes(new QueryClient());
    // The ids the server's router gave them (as in the page state).
    const { dataRoutes } = createStaticHandler(createRoutes(new QueryClient()));
    const paths = [...ROUTE_CATALOG.map((entry) => concrete(entry.path)), "/no-such-page"];
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const ids = (matchRoutes(dataRoutes, path) ?? []).map((match) => match.route.id);
      expect(ids.length, path).toBeGreaterThan(0);
      const expected = (matchRoutes(routes, path) ?? []).map((match) => match.route);
      expect(routesWithIds(routes, ids), path).toEqual(expected);
    }
  });

  it("finds nothing for ids no route has", () => {
    expect(routesWithIds(createRoutes(new QueryClient()), ["99", "0-99"])).toEqual([]);
  });
});
