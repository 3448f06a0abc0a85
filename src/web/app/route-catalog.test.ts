import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../../shared/route-catalog.ts";
import { routeTitleFor } from "./route-title.ts";
import { routes } from "./router.tsx";

function flatten(list: RouteObject[], parent = ""): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const self = route.path !== undefined || route.index ? [own || "/"] : [];
    return [...self, ...flatten(route.children ?? [], own)];
  });
}
const joinPath = (parent: string, path: string) =>
  path === "*" ? "*" : `${parent.replace(/\/$/, "")}/${path}`;

describe("route catalog", () => {
  it("lists exactly the routes the router serves", () => {
    const served = [...new Set(flatten(routes))].sort();
    const catalogued = ROUTE_CATALOG.map((r) => r.path).sort();
    expect(catalogued).toEqual(served);
  });

  it("names each location by its route, and unknown ones as not found", () => {
    expect(routeTitleFor("/student/exams")).toBe("Exams");
    expect(routeTitleFor("/exam/8a7e2c1e-0000-4000-8000-000000000000")).toBe("Exam");
    expect(routeTitleFor("/results")).toBe("My Results");
    expect(routeTitleFor("/results/abc")).toBe("Exam Review");
    expect(routeTitleFor("/nowhere/at/all")).toBe("Page Not Found");
  });
});
