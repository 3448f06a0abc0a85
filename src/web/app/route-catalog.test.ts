import { QueryClient } from "@tanstack/react-query";
import { isValidElement } from "react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import type { Role } from "../../shared/constants.ts";
import { ROUTE_CATALOG, rolesFor, rolesForPath } from "../../shared/route-catalog.ts";
import { RequireRole } from "./guards/require-role.tsx";
import { routeTitleFor } from "./route-title.ts";
import { createRoutes } from "./router.tsx";

const routes = createRoutes(new QueryClient());

function flatten(list: RouteObject[], parent = ""): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const self = route.path !== undefined || route.index ? [own || "/"] : [];
    return [...self, ...flatten(route.children ?? [], own)];
  });
}
const joinPath = (parent: string, path: string) =>
  path === "*" ? "*" : `${parent.replace(/\/$/, "")}/${path}`;

/** Each served path with the roles of the RequireRole around it (none: not guarded). */
function guarded(list: RouteObject[], parent = "", roles?: Role[]): [string, Role[] | undefined][] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const element = route.element;
    const inner =
      isValidElement<{ roles: Role[] }>(element) && element.type === RequireRole
        ? element.props.roles
        : roles;
    const self: [string, Role[] | undefined][] =
      route.path !== undefined || route.index ? [[own || "/", inner]] : [];
    return [...self, ...guarded(route.children ?? [], own, inner)];
  });
}

describe("route catalog", () => {
  it("lists exactly the routes the router serves", () => {
    const served = [...new Set(flatten(routes))].sort();
    const catalogued = ROUTE_CATALOG.map((r) => r.path).sort();
    expect(catalogued).toEqual(served);
  });

  it("says who may open each guarded route, as its guard lets them", () => {
    const catalog = new Map(ROUTE_CATALOG.map((r) => [r.path, r]));
    const checked = guarded(routes).filter(([, roles]) => roles !== undefined);
    expect(checked.length).toBeGreaterThan(0);
    const mismatched = checked.flatMap(([path, roles]) => {
      const route = catalog.get(path);
      const catalogued = route ? [...(rolesFor(route) ?? [])].sort().join(",") : "none";
      const served = [...(roles ?? [])].sort().join(",");
      return catalogued === served ? [] : [`${path}: catalog ${catalogued}, guard ${served}`];
    });
    expect(mismatched).toEqual([]);
  });

  it("opens the profile to students and mentors, not admins (decision 042)", () => {
    expect(rolesForPath("/student/profile")).toEqual(["student", "mentor"]);
    expect(rolesForPath("/student/dashboard")).toEqual(["student"]);
    expect(rolesForPath("/exam/:examId")).toEqual(["student", "admin"]);
    expect(rolesForPath("/news")).toBeNull();
    expect(() => rolesForPath("/no/such/route")).toThrow();
  });

  it("names each location by its route, and unknown ones as not found", () => {
    expect(routeTitleFor("/student/exams")).toBe("Exams");
    expect(routeTitleFor("/exam/8a7e2c1e-0000-4000-8000-000000000000")).toBe("Exam");
    expect(routeTitleFor("/results")).toBe("My Results");
    expect(routeTitleFor("/results/abc")).toBe("Exam Review");
    expect(routeTitleFor("/nowhere/at/all")).toBe("Page Not Found");
  });
});
