import type { Page } from "@playwright/test";
import { type CatalogRoute, ROUTE_CATALOG } from "../src/shared/route-catalog.ts";
import {
  fillSample,
  openAs,
  sampleIds,
  screenshot,
  seriousViolations,
  settle,
  smallTouchTargets,
  WIDTHS,
  type Width,
} from "./a11y-helpers.ts";
import { expect, test } from "./fixtures.ts";

// Every route of the catalog, at phone and desktop width, as the role that can open it: axe must
// find nothing serious or critical. The main pages are also saved as screenshots to look at.
const SCREENSHOTS = new Set([
  "/",
  "/login",
  "/register",
  "/news",
  "/news/:newsId",
  "/student/dashboard",
  "/student/exams",
  "/results",
  "/results/:attemptId",
  "/exam/:examId",
  "/quiz/:quizId/attempt",
  "/student/profile",
  "/admin/dashboard",
  "/admin/exams",
  "/admin/categories",
  "/admin/questions",
  "/admin/results",
  "/admin/daily-news",
  "/admin/settings",
  "*",
]);

const screenName = (path: string) =>
  path === "/"
    ? "home"
    : path === "*"
      ? "not-found"
      : path
          .replace(/^\//, "")
          .replace(/\/:\w+/g, "-detail")
          .replace(/\//g, "-");

type Role = "visitor" | "student" | "admin";
const routesFor = (role: Role): CatalogRoute[] =>
  ROUTE_CATALOG.filter(
    (r) =>
      r.sample !== null &&
      (role === "visitor"
        ? r.access === "public"
        : role === "student"
          ? r.access === "student" || r.access === "signed-in"
          : r.access === "admin"),
  );

async function checkRoutes(
  page: Page,
  routes: CatalogRoute[],
  width: Width,
  ids: Record<string, string>,
) {
  const findings: string[] = [];
  for (const route of routes) {
    await page.goto(fillSample(route.sample ?? "", ids));
    await settle(page);
    await expect(page).toHaveTitle(/^.+ · .+$/);
    for (const line of await seriousViolations(page)) findings.push(`${route.path}: ${line}`);
    if (width === "phone") {
      for (const line of await smallTouchTargets(page))
        findings.push(`${route.path}: small ${line}`);
    }
    if (SCREENSHOTS.has(route.path)) await screenshot(page, screenName(route.path), width);
  }
  expect(findings, findings.join("\n")).toEqual([]);
}

test("the axe check reports a serious finding (so a clean pass means something)", async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><body><main><h1>Check</h1><img src="/favicon.svg"><button></button></main></body></html>',
  );
  const findings = await seriousViolations(page);
  expect(findings.some((line) => line.startsWith("image-alt (critical)"))).toBe(true);
  expect(findings.some((line) => line.startsWith("button-name (critical)"))).toBe(true);
});

for (const width of Object.keys(WIDTHS) as Width[]) {
  test.describe(`accessibility at ${width} width`, () => {
    test.describe.configure({ timeout: 300_000 });

    test("public pages", async ({ browser, baseURL, loginAs }) => {
      const base = baseURL ?? "";
      const { context } = await loginAs("student", { context: WIDTHS[width] });
      const ids = await sampleIds(context.request, base);
      await context.close();
      const visitor = await openAs(browser, base, width);
      await checkRoutes(visitor.page, routesFor("visitor"), width, ids);
      await visitor.context.close();
    });

    test("student pages", async ({ baseURL, loginAs }) => {
      const base = baseURL ?? "";
      const { context, page } = await loginAs("student", { context: WIDTHS[width] });
      const ids = await sampleIds(context.request, base);
      await checkRoutes(page, routesFor("student"), width, ids);
      await context.close();
    });

    test("admin pages", async ({ baseURL, loginAs }) => {
      const { context, page } = await loginAs("admin", { context: WIDTHS[width] });
      // The question analysis pages take an exam's and a quiz's id.
      const ids = await sampleIds(context.request, baseURL ?? "");
      await checkRoutes(page, routesFor("admin"), width, ids);
      await context.close();
    });
  });
}
